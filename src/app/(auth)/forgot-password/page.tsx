import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("password-reset", "forgot.title");

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
