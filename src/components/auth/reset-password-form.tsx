"use client";
import Link from "next/link";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ErrorState, Loading, Notice } from "@/components/ui/states";
import { resetPasswordInput } from "@/contracts/accounts";
import { useTRPC } from "@/trpc/client";
import { BackToSignIn } from "./forgot-password-form";
import { NewPasswordField } from "./new-password-field";
import { useFormMutation } from "./use-form-mutation";

/** The page a reset email links to: a new password, once; a used or expired link says so. */
export function ResetPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const link = useQuery(trpc.account.passwordResetLink.queryOptions({ token }, { retry: false }));
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  const { errors, setErrors, submit, serverError } = useFormMutation(resetPasswordInput, reset);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get("password") !== form.get("confirm")) return setErrors({ confirm: "The two passwords are not the same" });
    submit({ token, password: form.get("password") });
  }

  if (reset.isSuccess) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold">Your password was changed</h1>
        <div role="status">
          <Notice tone="success">You were signed out everywhere. Sign in with your new password.</Notice>
        </div>
        <Link className="block text-center font-medium text-blue-800 underline-offset-2 hover:underline" href="/sign-in">
          Sign in
        </Link>
      </div>
    );
  }
  if (link.isPending) return <Loading />;
  if (!link.data?.usable) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold">This link no longer works</h1>
        <div role="alert">
          <Notice tone="warning">A password reset link works once, for 30 minutes. Ask for a new one.</Notice>
        </div>
        <Link className="block text-center font-medium text-blue-800 underline-offset-2 hover:underline" href="/forgot-password">
          Ask for a new link
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold">Choose a new password</h1>
      {serverError && <ErrorState error={serverError} />}
      <NewPasswordField label="New password" error={errors.password} />
      <TextField label="New password again" name="confirm" type="password" autoComplete="new-password" error={errors.confirm} required />
      <Button type="submit" busy={reset.isPending} className="w-full">
        Set the new password
      </Button>
      <BackToSignIn />
    </form>
  );
}
