import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/trpc/routers/_app";
import { createTrpcContext } from "@/server/trpc/context";
import { guardTrpcRequest } from "@/server/trpc/request-guard";

async function handler(req: Request) {
  const guarded = await guardTrpcRequest(req);
  if ("refusal" in guarded) return guarded.refusal;
  return fetchRequestHandler({ endpoint: "/api/trpc", req: guarded.request, router: appRouter, createContext: () => createTrpcContext({ req: guarded.request }) });
}

export { handler as GET, handler as POST };
