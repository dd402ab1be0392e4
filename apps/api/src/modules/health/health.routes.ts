import { ResultCode } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok } from '../../lib/envelope';
import type { HealthService } from './health.service';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgresql']),
});

/** Liveness and readiness for load balancers and the start script: the database must answer. */
export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: '健康检查',
        description: '数据库可用时返回 200；数据库无响应时返回 503。',
        response: { 200: envelopeSchema(healthSchema), 503: envelopeSchema(healthSchema) },
      },
    },
    async (request, reply) => {
      const database = health.driver();
      if (await health.databaseAnswers()) return ok({ status: 'ok' as const, database });
      request.log.error({ database }, 'health check: database does not answer');
      return reply.code(503).send({
        success: false,
        resultCode: ResultCode.InternalServiceError,
        message: '数据库暂不可用',
        data: { status: 'unavailable' as const, database },
      });
    },
  );
};
