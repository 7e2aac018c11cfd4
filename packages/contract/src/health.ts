import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  storage: z.enum(['local', 's3']),
  mail: z.enum(['outbox', 'smtp']),
});
export type Health = z.infer<typeof healthSchema>;
