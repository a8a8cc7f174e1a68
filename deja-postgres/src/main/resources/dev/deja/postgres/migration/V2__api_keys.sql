-- The server's tenant API keys, shared by every `deja serve --store postgresql://…` instance of this database (an
-- instance on the embedded store keeps them in DATA/server/keys.json instead). Only the SHA-256 digest of a key is
-- stored; the key itself is shown once, when it is created.
CREATE TABLE deja_api_keys (
  sha256     text COLLATE "C" PRIMARY KEY,
  tenant     text COLLATE "C" NOT NULL,
  -- the key's first characters, to tell keys apart in listings
  prefix     text NOT NULL,
  created_at text NOT NULL
);
