-- A staff member's TOTP secret is stored sealed with SHOP_SECRET_KEY (lib/secret-box.ts), longer than the Base32
-- secret itself; secrets stored before stay readable as they are and are sealed at the next start with a key.
ALTER TABLE "staff" ALTER COLUMN "totp_secret" SET DATA TYPE varchar(255);