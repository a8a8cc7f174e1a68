package dev.deja.server;

import dev.deja.core.InvalidInputException;
import dev.deja.core.StoreException;
import dev.deja.format.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.channels.FileChannel;
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

/**
 * API keys: the admin key and tenant keys, each stored as its SHA-256 digest only, in {@code DATA/server/}.
 *
 * <pre>
 * DATA/server/keys.json           {"format": 1, "keys": [{"sha256", "tenant", "prefix", "created_at"}]}
 * DATA/server/admin-key.sha256    the digest of the generated admin key (absent when the key is configured)
 * </pre>
 *
 * <p>A key is {@code dk_} followed by 43 URL-safe Base64 characters (256 random bits from {@link SecureRandom}), so a
 * plain SHA-256 (no salt, no stretching) is enough: the secret has full entropy and cannot be guessed from a
 * dictionary. Lookups compare digests in constant time. The key file is rewritten atomically (temporary file, fsync,
 * rename) on every change. Thread-safe: changes are serialised, lookups read an immutable snapshot.
 */
public final class KeyStore {
  /** What the admin key is, and which tenant a key belongs to. */
  public record Caller(String tenant, boolean admin, String keyId) {}

  private static final Pattern TENANT = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Path keysFile;
  private final byte[] adminDigest;
  private final Clock clock;
  private volatile Map<String, Entry> byDigest;

  private record Entry(String sha256, String tenant, String prefix, String createdAt) {}

  /** A key store whose admin key has this digest. */
  private KeyStore(Path dir, byte[] adminDigest, Clock clock) {
    this.keysFile = dir.resolve("keys.json");
    this.adminDigest = adminDigest.clone();
    this.clock = clock;
    this.byDigest = load(keysFile);
  }

  /** What {@link #open} did about the admin key. */
  public record Opened(KeyStore keys, Optional<String> generatedAdminKey) {}

  /**
   * Opens the key store in {@code dir} (created when missing). The admin key is the configured one when given; else
   * the digest stored in {@code admin-key.sha256}; else a new key is generated, its digest stored, and the key
   * returned (to be shown once).
   */
  public static Opened open(Path dir, Optional<String> configuredAdminKey, Clock clock) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new StoreException("cannot create " + dir + ": " + e.getMessage(), false, e);
    }
    if (configuredAdminKey.isPresent()) {
      return new Opened(new KeyStore(dir, digest(configuredAdminKey.get()), clock), Optional.empty());
    }
    Path adminFile = dir.resolve("admin-key.sha256");
    try {
      if (Files.exists(adminFile)) {
        String hex = Files.readString(adminFile, StandardCharsets.UTF_8).strip();
        return new Opened(new KeyStore(dir, HexFormat.of().parseHex(hex), clock), Optional.empty());
      }
      String key = newKey();
      writeAtomically(adminFile, HexFormat.of().formatHex(digest(key)) + "\n");
      return new Opened(new KeyStore(dir, digest(key), clock), Optional.of(key));
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
    Entry e = byDigest.get(hex);
    // The map lookup is by digest, so timing reveals nothing about the key itself.
    return e == null ? Optional.empty() : Optional.of(new Caller(e.tenant(), false, hex.substring(0, 16)));
  }

  /** Creates a key for a tenant and returns it; only its digest is stored. */
  public synchronized String create(String tenant) {
    if (!isValidTenant(tenant)) {
      throw new InvalidInputException("tenant: '" + tenant + "' is not a valid tenant name (lower-case letters, "
          + "digits, '-' and '_', starting with a letter or digit, at most 64)");
    }
    String key = newKey();
    String hex = HexFormat.of().formatHex(digest(key));
    Map<String, Entry> next = new LinkedHashMap<>(byDigest);
    next.put(hex, new Entry(hex, tenant, key.substring(0, 7), clock.instant().toString()));
    save(next);
    byDigest = next;
    return key;
  }

  /** Revokes a key; whether it existed. The admin key cannot be revoked this way. */
  public synchronized boolean revoke(String key) {
    String hex = HexFormat.of().formatHex(digest(key));
    if (!byDigest.containsKey(hex)) {
      return false;
    }
    Map<String, Entry> next = new LinkedHashMap<>(byDigest);
    next.remove(hex);
    save(next);
    byDigest = next;
    return true;
  }

  /** How many tenant keys exist. */
  public int size() {
    return byDigest.size();
  }

  private void save(Map<String, Entry> keys) {
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

  static void writeAtomically(Path file, String text) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, text, StandardCharsets.UTF_8);
    try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
      ch.force(true);
    }
    try {
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
