package dev.deja.server;

import dev.deja.core.InvalidInputException;
import dev.deja.core.StoreException;
import dev.deja.format.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * API keys: the admin key and tenant keys, each stored as its SHA-256 digest only. Tenant keys are kept in
 * {@code DATA/server/keys.json}, or, when the server's store is PostgreSQL, in the database's {@code deja_api_keys}
 * table, which every instance on that database shares ({@link Records}).
 *
 * <pre>
 * DATA/server/keys.json           {"format": 1, "keys": [{"sha256", "tenant", "prefix", "created_at"}]}
 * DATA/server/admin-key.sha256    the digest of the generated admin key (absent when the key is configured)
 * </pre>
 *
 * <p>With shared records, each instance keeps a snapshot of the keys and reloads it when it is older than
 * {@value #SHARED_REFRESH_MILLIS} ms, and at most every {@value #MISS_REFRESH_MILLIS} ms when an unknown key is
 * presented: a key created through another instance works at once (after at most a second), a key revoked through
 * another instance stops working within five seconds. When the database cannot be read, the last snapshot stays in
 * use (and the failure is logged).
 *
 * <p>A key is {@code dk_} followed by 43 URL-safe Base64 characters (256 random bits from {@link SecureRandom}), so a
 * plain SHA-256 (no salt, no stretching) is enough: the secret has full entropy and cannot be guessed from a
 * dictionary. Lookups compare digests in constant time. The key file is rewritten atomically (temporary file, fsync,
 * rename) on every change. Thread-safe: changes are serialised, lookups read an immutable snapshot.
 */
public final class KeyStore {
  /** What the admin key is, and which tenant a key belongs to. */
  public record Caller(String tenant, boolean admin, String keyId) {}

  /** How old a snapshot of shared records may get before a lookup reloads it. */
  static final long SHARED_REFRESH_MILLIS = 5_000;
  /** How often, at most, an unknown key makes a lookup reload shared records. */
  static final long MISS_REFRESH_MILLIS = 1_000;

  private static final Logger LOG = LoggerFactory.getLogger(KeyStore.class);
  private static final Pattern TENANT = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Records records;
  private final byte[] adminDigest;
  private final Clock clock;
  private volatile Snapshot snapshot;

  /** One tenant key as stored: its digest (hex), tenant, display prefix and creation time. */
  public record Entry(String sha256, String tenant, String prefix, String createdAt) {}

  private record Snapshot(Map<String, Entry> byDigest, long loadedAtMillis) {}

  /**
   * Where tenant keys' digests are kept: a file of one instance, or a table that several instances share. Changes
   * are durable when a method returns. Implementations are thread-safe.
   */
  public interface Records {
    /** Every stored key, by digest. */
    Map<String, Entry> load();

    /** Stores a new key. */
    void add(Entry entry);

    /** Deletes a key; whether it was stored. */
    boolean remove(String sha256);

    /** Whether other processes change these records (then lookups reload them now and then). */
    boolean shared();
  }

  /** A key store whose admin key has this digest. */
  private KeyStore(Records records, byte[] adminDigest, Clock clock) {
    this.records = records;
    this.adminDigest = adminDigest.clone();
    this.clock = clock;
    this.snapshot = new Snapshot(Map.copyOf(records.load()), clock.millis());
  }

  /** What {@link #open} did about the admin key. */
  public record Opened(KeyStore keys, Optional<String> generatedAdminKey) {}

  /**
   * Opens the key store in {@code dir} (created when missing). The admin key is the configured one when given; else
   * the digest stored in {@code admin-key.sha256}; else a new key is generated, its digest stored, and the key
   * returned (to be shown once).
   */
  public static Opened open(Path dir, Optional<String> configuredAdminKey, Clock clock) {
    return open(dir, configuredAdminKey, clock, null);
  }

  /**
   * Opens the key store as {@link #open(Path, Optional, Clock)} does, with tenant keys kept in {@code records}
   * instead of {@code dir}'s key file when {@code records} is not null (the admin key's digest stays in {@code dir}).
   */
  public static Opened open(Path dir, Optional<String> configuredAdminKey, Clock clock, Records records) {
    try {
      PrivateFiles.createDirectories(dir);
      for (String secret : List.of("keys.json", "admin-key.sha256")) {
        if (PrivateFiles.narrow(dir.resolve(secret))) {
          LOG.warn("{} was readable by other accounts; it is now rw------- (owner only)", dir.resolve(secret));
        }
      }
    } catch (IOException e) {
      throw new StoreException("cannot create " + dir + ": " + e.getMessage(), false, e);
    }
    Records r = records != null ? records : new FileRecords(dir.resolve("keys.json"));
    if (records != null && Files.exists(dir.resolve("keys.json"))) {
      LOG.warn("{} is not used: tenant keys are kept in the shared store; create keys again through "
          + "POST /v1/admin/keys (the file's keys are not copied, so that a key revoked in the store stays revoked)",
          dir.resolve("keys.json"));
    }
    if (configuredAdminKey.isPresent()) {
      return new Opened(new KeyStore(r, digest(configuredAdminKey.get()), clock), Optional.empty());
    }
    Path adminFile = dir.resolve("admin-key.sha256");
    try {
      if (Files.exists(adminFile)) {
        String hex = Files.readString(adminFile, StandardCharsets.UTF_8).strip();
        return new Opened(new KeyStore(r, HexFormat.of().parseHex(hex), clock), Optional.empty());
      }
      String key = newKey();
      writeAtomically(adminFile, HexFormat.of().formatHex(digest(key)) + "\n");
      return new Opened(new KeyStore(r, digest(key), clock), Optional.of(key));
    } catch (IOException | IllegalArgumentException e) {
      throw new StoreException("cannot read or write the admin key digest " + adminFile + ": " + e.getMessage(),
          false, e);
    }
  }

  /** Whether a tenant name is valid: lower-case letters, digits, '-' and '_', starting with a letter or digit, ≤ 64. */
  public static boolean isValidTenant(String tenant) {
    return tenant != null && TENANT.matcher(tenant).matches();
  }

  /** The caller a presented key identifies, if it is the admin key or a live tenant key. */
  public Optional<Caller> identify(String presented) {
    if (presented == null || presented.isEmpty() || presented.length() > 256) {
      return Optional.empty();
    }
    byte[] d = digest(presented);
    String hex = HexFormat.of().formatHex(d);
    if (MessageDigest.isEqual(d, adminDigest)) {
      return Optional.of(new Caller("", true, "admin"));
    }
    Entry e = current(SHARED_REFRESH_MILLIS).byDigest().get(hex);
    if (e == null && records.shared()) {
      e = current(MISS_REFRESH_MILLIS).byDigest().get(hex);
    }
    // The map lookup is by digest, so timing reveals nothing about the key itself.
    return e == null ? Optional.empty() : Optional.of(new Caller(e.tenant(), false, hex.substring(0, 16)));
  }

  /** The snapshot, reloaded first when the records are shared and it is older than {@code maxAgeMillis}. */
  private Snapshot current(long maxAgeMillis) {
    Snapshot s = snapshot;
    if (!records.shared() || clock.millis() - s.loadedAtMillis() < maxAgeMillis) {
      return s;
    }
    synchronized (this) {
      s = snapshot;
      if (clock.millis() - s.loadedAtMillis() < maxAgeMillis) {
        return s;
      }
      try {
        s = new Snapshot(Map.copyOf(records.load()), clock.millis());
      } catch (RuntimeException ex) {
        LOG.warn("cannot reload the API keys (the last ones read stay in use): {}", ex.getMessage());
        s = new Snapshot(s.byDigest(), clock.millis());
      }
      snapshot = s;
      return s;
    }
  }

  /** Creates a key for a tenant and returns it; only its digest is stored. */
  public synchronized String create(String tenant) {
    if (!isValidTenant(tenant)) {
      throw new InvalidInputException("tenant: '" + tenant + "' is not a valid tenant name (lower-case letters, "
          + "digits, '-' and '_', starting with a letter or digit, at most 64)");
    }
    String key = newKey();
    String hex = HexFormat.of().formatHex(digest(key));
    Entry entry = new Entry(hex, tenant, key.substring(0, 7), clock.instant().toString());
    records.add(entry);
    Map<String, Entry> next = new LinkedHashMap<>(snapshot.byDigest());
    next.put(hex, entry);
    snapshot = new Snapshot(Map.copyOf(next), snapshot.loadedAtMillis());
    return key;
  }

  /** Revokes a key; whether it existed. The admin key cannot be revoked this way. */
  public synchronized boolean revoke(String key) {
    String hex = HexFormat.of().formatHex(digest(key));
    boolean removed = records.remove(hex);
    Map<String, Entry> next = new LinkedHashMap<>(snapshot.byDigest());
    next.remove(hex);
    snapshot = new Snapshot(Map.copyOf(next), snapshot.loadedAtMillis());
    return removed;
  }

  /** How many tenant keys this instance knows of (with shared records: as of its last reload). */
  public int size() {
    return snapshot.byDigest().size();
  }

  /** Tenant keys in one instance's key file, rewritten atomically on every change. */
  static final class FileRecords implements Records {
    private final Path keysFile;
    private Map<String, Entry> current;

    FileRecords(Path keysFile) {
      this.keysFile = keysFile;
      this.current = KeyStore.load(keysFile);
    }

    @Override
    public synchronized Map<String, Entry> load() {
      return new LinkedHashMap<>(current);
    }

    @Override
    public synchronized void add(Entry entry) {
      Map<String, Entry> next = new LinkedHashMap<>(current);
      next.put(entry.sha256(), entry);
      save(keysFile, next);
      current = next;
    }

    @Override
    public synchronized boolean remove(String sha256) {
      if (!current.containsKey(sha256)) {
        return false;
      }
      Map<String, Entry> next = new LinkedHashMap<>(current);
      next.remove(sha256);
      save(keysFile, next);
      current = next;
      return true;
    }

    @Override
    public boolean shared() {
      return false;
    }
  }

  private static void save(Path keysFile, Map<String, Entry> keys) {
    List<Object> list = new ArrayList<>();
    for (Entry e : keys.values()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("sha256", e.sha256());
      m.put("tenant", e.tenant());
      m.put("prefix", e.prefix());
      m.put("created_at", e.createdAt());
      list.add(m);
    }
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("format", 1);
    root.put("keys", list);
    try {
      writeAtomically(keysFile, Json.writePretty(root) + "\n");
    } catch (IOException e) {
      throw new StoreException("cannot write " + keysFile + ": " + e.getMessage(), true, e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Entry> load(Path file) {
    Map<String, Entry> out = new LinkedHashMap<>();
    if (!Files.exists(file)) {
      return out;
    }
    try {
      Map<String, Object> root = Json.object(Files.readString(file, StandardCharsets.UTF_8), file.toString());
      for (Object o : (List<Object>) root.getOrDefault("keys", List.of())) {
        Map<String, Object> m = (Map<String, Object>) o;
        Entry e = new Entry((String) m.get("sha256"), (String) m.get("tenant"), (String) m.get("prefix"),
            (String) m.get("created_at"));
        out.put(e.sha256(), e);
      }
      return out;
    } catch (IOException | ClassCastException | NullPointerException e) {
      throw new StoreException("cannot read the key file " + file + ": " + e.getMessage(), false, e);
    }
  }

  static String newKey() {
    byte[] b = new byte[32];
    RANDOM.nextBytes(b);
    return "dk_" + Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  static byte[] digest(String key) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is always available", e);
    }
  }

  /** Writes a secret file: through a temporary one, readable by the server's user only. */
  static void writeAtomically(Path file, String text) throws IOException {
    PrivateFiles.writeAtomically(file, text);
  }
}
