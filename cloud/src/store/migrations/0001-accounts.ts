import type { Migration } from './index.js';

export const accounts: Migration = {
  name: '0001-accounts',
  up: [
    `CREATE TABLE users (
       id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
       email text NOT NULL UNIQUE,
       password_hash text NOT NULL,
       email_confirmed_at timestamptz,
       confirmation_token_hash text UNIQUE,
       signup_profile jsonb NOT NULL DEFAULT '{}',
       created_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE profiles (
       user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
       location_zip text NOT NULL DEFAULT '',
       home_size_sqft integer NOT NULL DEFAULT 0,
       pricing_location integer NOT NULL DEFAULT 1,
       timezone text,
       subscription_tier text NOT NULL DEFAULT 'free' CHECK (subscription_tier IN ('free', 'premium')),
       weather_entity_id text NOT NULL DEFAULT '',
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE refresh_tokens (
       id bigserial PRIMARY KEY,
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       family_id uuid NOT NULL,
       token_hash text NOT NULL UNIQUE,
       created_at timestamptz NOT NULL DEFAULT now(),
       expires_at timestamptz NOT NULL,
       rotated_at timestamptz,
       revoked_at timestamptz
     )`,
    `CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id)`,
  ],
};
