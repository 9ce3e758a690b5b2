/** Queue and job names shared by the API (producer) and the workers (consumers). */
export const Queues = {
  mail: "mail",
  lots: "lots",
  sweeper: "sweeper",
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];
