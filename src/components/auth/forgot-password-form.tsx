"use client";
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ErrorState, Notice } from "@/components/ui/states";
import { requestPasswordResetInput } from "@/contracts/accounts";
import { useTRPC } from "@/trpc/client";
import { useFormMutation } from "./use-form-mutation";

/** "Forgot password": asks for the address; the answer never says whether it has an account. */
export function ForgotPasswordForm() {
  const trpc = useTRPC();
  const request = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  const { errors, submit, serverError } = useFormMutation(requestPasswordResetInput, request);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit(Object.fromEntries(new FormData(event.currentTarget)));
  }

  if (request.isSuccess) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold">Check your email</h1>
        <div role="status">
          <Notice tone="success">
            If an account uses {request.variables.email}, we have sent it a link to choose a new password. The link works once, for 30 minutes.
          </Notice>
        </div>
        <p className="text-sm text-slate-600">No email after a few minutes? Check your spam folder, or ask again.</p>
        <BackToSignIn />
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div>
        <h1 className="text-xl font-semibold">Forgot your password?</h1>
        <p className="mt-1 text-sm text-slate-600">Enter the email address you sign in with. We will email you a link to choose a new password.</p>
      </div>
      {serverError && <ErrorState error={serverError} />}
      <TextField label="Email" name="email" type="email" autoComplete="email" error={errors.email} required />
      <Button type="submit" busy={request.isPending} className="w-full">
        Email me a link
      </Button>
      <BackToSignIn />
    </form>
  );
}

export function BackToSignIn() {
  return (
    <p className="text-center text-sm text-slate-600">
      <Link className="font-medium text-blue-800 underline-offset-2 hover:underline" href="/sign-in">
        Back to sign in
      </Link>
    </p>
  );
}
