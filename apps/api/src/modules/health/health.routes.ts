import { ResultCode } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok } from '../../lib/envelope';
import type { HealthService } from './health.service';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgresql']),
});

const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['pglite', 'postgresql']),
  reasons: z
    .array(z.enum(['database', 'migrations', 'shutting-down']))
    .describe('database：数据库无响应；migrations：数据库结构与本版本不一致；shutting-down：进程正在停止'),
});

const NOT_READY_MESSAGES = {
  database: '数据库暂不可用',
  migrations: '数据库结构与本版本不一致',
  'shutting-down': '服务正在停止',
} as const;

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

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: '就绪检查',
        description:
          '负载均衡据此决定是否转发新请求：数据库可用、数据库结构为本版本的迁移、进程未在停止时返回 200；' +
          '否则返回 503 并列出原因。收到 SIGTERM 后立即返回 503，再等待 SHUTDOWN_GRACE_MS 后停止接收连接。',
        response: { 200: envelopeSchema(readySchema), 503: envelopeSchema(readySchema) },
      },
    },
    async (_request, reply) => {
      const database = health.driver();
      const reasons = await health.notReady();
      if (reasons.length === 0) return ok({ status: 'ready' as const, database, reasons });
      return reply.code(503).send({
        success: false,
        resultCode: ResultCode.InternalServiceError,
        message: reasons.map((r) => NOT_READY_MESSAGES[r]).join('；'),
        data: { status: 'not-ready' as const, database, reasons },
      });
    },
  );
};
