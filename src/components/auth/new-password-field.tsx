import { TextField } from "@/components/ui/field";
import { PASSWORD_MIN_LENGTH } from "@/contracts/accounts";

/** A password being chosen (sign-up, reset): the browser may suggest one, the hint says how long. */
export function NewPasswordField({ label = "Password", error }: { label?: string; error?: string }) {
  return (
    <TextField label={label} name="password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH} characters`} error={error} required />
  );
}
