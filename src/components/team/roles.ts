export const ROLE_OPTIONS = [
  { value: "owner", label: "Owner", description: "Everything, including team and credit settings" },
  { value: "developer", label: "Developer", description: "API keys, verify, request log, webhooks" },
  { value: "viewer", label: "Viewer", description: "History and credits; never keys" },
] as const;
