// Webhook destinations and the delivery log.
import { z } from 'zod';
import { optionalTimestamp, timestamp } from './common.js';

export const webhookRoute = z.object({
  id: z.string(),
  events: z.array(z.string()),
  min_severity: z.string(),
  host: z.string().nullable(),
  surface: z.string().nullable(),
});
export type WebhookRoute = z.infer<typeof webhookRoute>;

export const destinationView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  url: z.string().describe('Origin and first path segment only: chat webhook URLs carry their secret in the path'),
  enabled: z.boolean(),
  has_credential: z.boolean(),
  options: z.record(z.string()),
  routes: z.array(webhookRoute),
  created_at: timestamp,
});
export type DestinationView = z.infer<typeof destinationView>;

export const destinationList = z.object({ webhooks: z.array(destinationView) });
export type DestinationList = z.infer<typeof destinationList>;

export const createdDestination = destinationView.extend({ secret: z.string().describe('The signing secret: in this response only') });
export type CreatedDestination = z.infer<typeof createdDestination>;

export const deletedDestination = z.object({ id: z.string(), deleted_at: timestamp, canceled_deliveries: z.number().int() });
export type DeletedDestination = z.infer<typeof deletedDestination>;

export const testDelivery = z.object({ delivery_id: z.string(), event_id: z.string(), destination_id: z.string(), status: z.string() });
export type TestDelivery = z.infer<typeof testDelivery>;

export const attemptView = z.object({
  attempt: z.number().int(),
  at: timestamp,
  status_code: z.number().int().nullable(),
  latency_ms: z.number(),
  outcome: z.string(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable().describe("JSON string literal of at most 1 KiB of the receiver's answer; never the raw bytes"),
});
export type AttemptView = z.infer<typeof attemptView>;

export const deliveryView = z.object({
  id: z.string(),
  destination_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  severity: z.string(),
  status: z.string(),
  attempt_count: z.number().int(),
  next_attempt_at: optionalTimestamp,
  replay_of: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: timestamp,
  completed_at: optionalTimestamp,
  attempts: z.array(attemptView),
});
export type DeliveryView = z.infer<typeof deliveryView>;

export const deliveryList = z.object({ deliveries: z.array(deliveryView) });
export type DeliveryList = z.infer<typeof deliveryList>;

export const replayedDelivery = z.object({ id: z.string(), replay_of: z.string(), destination_id: z.string(), status: z.string() });
export type ReplayedDelivery = z.infer<typeof replayedDelivery>;
