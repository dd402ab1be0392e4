import { IMAGE_BASE, text } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paramsError } from '../../lib/app-error';
import { MEDIA_LIMITS, MediaMessages, type MediaService } from './media.service';

// Not strict: an <img> URL may carry a cache-busting parameter, and an image must not turn into JSON for it.
const imageQuerySchema = z.object({
  w: text()
    .optional()
    .describe(
      `宽度（像素，${MEDIA_LIMITS.minWidth}-${MEDIA_LIMITS.maxWidth}）；省略时为原图宽度（最大 ${MEDIA_LIMITS.maxWidth}）`,
    ),
});

/** The image's path after /res/img/ (a content hash path); unknown paths answer the placeholder with 404. */
const imageParamsSchema = z.object({ '*': text().describe('图片路径') });

const widthSchema = z.coerce.number().int().min(MEDIA_LIMITS.minWidth).max(MEDIA_LIMITS.maxWidth);

/** Reads `w`: absent → original size; digits in range → that width; anything else → ParamsError. */
export function parseWidth(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const parsed = /^\d{1,5}$/.test(raw) ? widthSchema.safeParse(raw) : null;
  if (!parsed?.success) throw paramsError(MediaMessages.badWidth);
  return parsed.data;
}

/** The image host of spec §3 'Images': GET /res/img/<path>?w=<width>. */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (app, { media }) => {
  app.get(
    `${IMAGE_BASE}/*`,
    {
      schema: {
        tags: ['media'],
        summary: '图片（按宽度缩放）',
        description:
          '返回按 w 缩放的图片：浏览器接受 WebP 时为 WebP，否则为 PNG（JPEG 原图为 JPEG）。路径为内容哈希，响应可永久缓存。' +
          '空路径、null、placeholder.png 返回占位图；不存在的路径返回 404 与占位图；w 无效时返回参数错误。',
        querystring: imageQuerySchema,
        params: imageParamsSchema,
      },
    },
    async (request, reply) => {
      const width = parseWidth(request.query.w);
      const path = request.params['*'];
      const acceptsWebp = /\bimage\/webp\b/i.test(request.headers.accept ?? '');
      const image = await media.serve(path, width, acceptsWebp);
      reply
        .code(image.status)
        .type(image.contentType)
        .header('vary', 'Accept')
        .header('cache-control', image.cacheControl)
        .header('x-content-type-options', 'nosniff');
      if (image.etag) {
        reply.header('etag', image.etag);
        if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
      }
      return reply.send(image.body);
    },
  );
};
