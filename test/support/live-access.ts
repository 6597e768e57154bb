/** A complete, valid live-access application, and a business that has one pending. */
import { applyForLiveAccess } from "@/server/live-access/apply-for-live-access";
import type { LiveAccessApplicationForm } from "@/contracts/live-access";
import { memberContext } from "./contexts";
import { createTestBusiness, type TestBusiness } from "./factories";

export const validApplication: LiveAccessApplicationForm = {
  legalName: "Hodan Mobile Money Ltd",
  registrationNumber: "SO-2019-004512",
  country: "Somalia",
  address: "Maka Al Mukarama Road, Mogadishu",
  contactName: "Hodan Ali",
  contactEmail: "compliance@hodan.example",
  intendedUse: "Customer onboarding for mobile-money accounts (KYC) before the first transfer.",
  expectedMonthlyVolume: 5000,
};

export async function businessWithPendingApplication(options: { name?: string } = {}): Promise<TestBusiness & { applicationId: string }> {
  const business = await createTestBusiness(options);
  const { applicationId } = await applyForLiveAccess(memberContext(business), { businessId: business.businessId, ...validApplication });
  return { ...business, applicationId };
}
