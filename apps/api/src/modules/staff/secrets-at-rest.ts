import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, isProduction } from '../../config/env';
import { createSecretBox, type SecretBox } from '../../lib/secret-box';
import type { StaffService } from './staff.service';

/** The box sealing the shop's secrets at rest under the configured keys (README 'Secrets at rest'). */
export function secretBoxOf(config: AppConfig): SecretBox {
  return createSecretBox(config.secretKeys.current, config.secretKeys.old);
}

/** Why the server does not start; said to the operator at start, before any request. */
export class SecretsAtRestError extends Error {}

/**
 * The start-up check of the staff's TOTP secrets (#35, README 'Secrets at rest'). A secret no configured key
 * opens stops the server (its owner could not sign in: the key is missing or was rotated away too early). In
 * production a missing SHOP_SECRET_KEY stops it only while some staff member has TOTP on: a shop without any has
 * no secret to keep. With a key, secrets stored as they are or under an old key are sealed anew here.
 */
export async function checkSecretsAtRest(
  log: FastifyBaseLogger,
  staff: StaffService,
  config: AppConfig,
): Promise<void> {
  const { withTotp, unreadable } = await staff.secretsAtRest();
  if (unreadable > 0)
    throw new SecretsAtRestError(
      `${unreadable} 个员工两步验证密钥无法用已配置的密钥解密：请设置加密它们的 SHOP_SECRET_KEY 或 SHOP_SECRET_KEY_OLD / ${unreadable} staff TOTP secrets cannot be opened with the configured keys: set the SHOP_SECRET_KEY or SHOP_SECRET_KEY_OLD that sealed them`,
    );
  if (!config.secretKeys.current) {
    if (isProduction(config.nodeEnv) && withTotp > 0)
      throw new SecretsAtRestError(
        `生产环境须设置 SHOP_SECRET_KEY（openssl rand -base64 32）以加密 ${withTotp} 个员工的两步验证密钥 / NODE_ENV=production needs SHOP_SECRET_KEY (openssl rand -base64 32): ${withTotp} staff members have TOTP secrets to encrypt`,
      );
    return;
  }
  const { resealed } = await staff.rotateSecrets();
  if (resealed > 0)
    log.info(
      { resealed, keyId: config.secretKeys.current.id },
      `已用当前密钥重新加密 ${resealed} 个员工两步验证密钥 / ${resealed} staff TOTP secrets sealed with the current key`,
    );
}
