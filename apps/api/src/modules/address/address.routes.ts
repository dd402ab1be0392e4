import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFoundError } from '../../lib/app-error';
import { ok, responses } from '../../lib/envelope';
import { etagMatches } from '../../lib/etag';
import {
  AddressPaths,
  intelligentRequestSchema,
  parsedAddressSchema,
  type RegionTree,
  regionFileParamsSchema,
  regionTreeSchema,
  stateSuburbFileSchema,
} from './address.schemas';
import type { AddressService, RegionFile } from './address.service';

export const REGION_TREE_CACHE_CONTROL = 'public, max-age=86400';
/** A file whose name carries a hash of its content never changes: cached for a year. */
export const REGION_FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const bearer = [{ bearerAuth: [] }];

/**
 * The address calls of spec §7 'Addresses' that need no address book: the static region tree and the
 * intelligent fill of the receiver form. Registered by the app with `{ addresses: services.address }`.
 */
export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => {
  const { body, etag } = addresses.regionFile;

  app.get(
    AddressPaths.regionFile,
    {
      schema: {
        tags: ['address'],
        summary: '地址区域文件（带内容哈希的文件名）',
        description:
          '普通 JSON 文件，不是统一响应格式：address.<哈希>.json 为区域树（中国到区县，澳洲到州），' +
          'au-<州>.<哈希>.json 为该州的城镇与邮编。文件名随内容变化，缓存一年。',
        params: regionFileParamsSchema,
        response: { 200: z.union([regionTreeSchema, stateSuburbFileSchema]) },
      },
    },
    async (request, reply) => sendRegionFile(reply, addresses.hashedFile(request.params.file)),
  );

  app.get(
    AddressPaths.regionTree,
    {
      schema: {
        tags: ['address'],
        summary: '地址区域树（静态文件）',
        description:
          '普通 JSON 文件，不是统一响应格式。根节点为国家（中国、澳大利亚），各带 maxDepth；' +
          '带 ETag，缓存一天，If-None-Match 命中时返回 304。',
        response: {
          200: regionTreeSchema,
          304: z.null().describe('未修改：If-None-Match 与 ETag 相同，无响应体'),
        },
      },
    },
    async (request, reply) => {
      reply.header('etag', etag).header('cache-control', REGION_TREE_CACHE_CONTROL);
      if (etagMatches(request.headers['if-none-match'], etag)) {
        // No payload at all (not a serialized null), so no body length is announced for the 304.
        return reply.code(304).send(undefined as unknown as null);
      }
      // The JSON text of the tree, built once at start: a string body is sent as is (no serialization
      // per request) and compressed by the app's compress plugin.
      return reply.type('application/json; charset=utf-8').send(body as unknown as RegionTree);
    },
  );

  app.post(
    AddressPaths.intelligent,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['address'],
        summary: '智能识别收货地址',
        description:
          '从粘贴的文本中识别姓名、电话、省市区、详细地址和邮编，用于填写收货地址；未识别的字段为空串。' +
          '支持中国地址的常见写法（标签、任意分隔符、省略省或“省/市/区”字样、直辖市、自治区）和澳洲地址（中文或英文）。',
        security: bearer,
        body: intelligentRequestSchema,
        response: responses(parsedAddressSchema),
      },
    },
    async (request) => ok(addresses.parse(request.body.text)),
  );
};

/** A hashed region file as it is on disk, or 404. */
function sendRegionFile(reply: FastifyReply, file: RegionFile | undefined) {
  if (!file) throw notFoundError('地址区域文件不存在');
  reply.header('etag', file.etag).header('cache-control', REGION_FILE_CACHE_CONTROL);
  // A string body is sent as is and compressed by the app's compress plugin.
  return reply.type('application/json; charset=utf-8').send(file.body as unknown as RegionTree);
}
