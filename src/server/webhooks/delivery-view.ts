/** How the portal sees a delivery: its state, next retry and every attempt, newest first. */
import type { Prisma } from "@/generated/prisma/client";

export const deliveryInclude = {
  attempts: { orderBy: { attemptedAt: "desc" } },
} satisfies Prisma.WebhookDeliveryInclude;

type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ include: typeof deliveryInclude }>;

export type DeliveryView = {
  id: string;
  eventId: string;
  eventType: string;
  status: "pending" | "succeeded" | "failed";
  attemptCount: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  completedAt: Date | null;
  attempts: {
    attemptedAt: Date;
    statusCode: number | null;
    latencyMs: number;
    responseExcerpt: string | null;
    error: string | null;
  }[];
};

export function toDeliveryView(d: DeliveryRow): DeliveryView {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attemptCount: d.attemptCount,
    nextAttemptAt: d.nextAttemptAt,
    createdAt: d.createdAt,
    completedAt: d.completedAt,
    attempts: d.attempts.map((a) => ({
      attemptedAt: a.attemptedAt,
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      responseExcerpt: a.responseExcerpt,
      error: a.error,
    })),
  };
}
