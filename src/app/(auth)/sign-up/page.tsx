import { pageTitle } from "@/i18n/page-title";
import { SignUpForm } from "@/components/auth/sign-up-form";

export const generateMetadata = pageTitle("auth", "signUp.title");

export default function SignUpPage() {
  return <SignUpForm />;
}
