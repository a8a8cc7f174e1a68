package dev.deja.lucene.internal;

import dev.deja.core.InvalidInputException;
import dev.deja.core.index.CandidateQuery;
import dev.deja.core.index.TimeFilter;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexOrDocValuesQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.VectorUtil;

/**
 * How a stored item becomes a Lucene document, and how a {@link CandidateQuery} becomes Lucene queries.
 *
 * <p>One document per item:
 *
 * <table>
 *   <caption>fields</caption>
 *   <tr><th>field</th><th>Lucene structure</th><th>used for</th></tr>
 *   <tr><td>{@code id}</td><td>term + sorted doc values</td><td>find, replace, delete, self-exclusion, listing in id
 *       order</td></tr>
 *   <tr><td>{@code id_dv}</td><td>binary doc values (documents written since 2026-11-26; older ones are read from
 *       {@code id})</td><td>the id of a hit (tie-break, skipping shadowed ids) without decompressing a block of the sorted
 *       values' terms</td></tr>
 *   <tr><td>{@code tenant}, {@code scope}, {@code status}</td><td>terms</td><td>listing, counting, the hard filter</td></tr>
 *   <tr><td>{@code key}, {@code term}</td><td>terms, prefixed by a scope tag (over-long ones hashed: see
 *       {@link #indexed})</td><td>key and lexical lookups</td></tr>
 *   <tr><td>{@code t_start}, {@code t_day}</td><td>1-d points + doc values (timed items)</td><td>time filters</td></tr>
 *   <tr><td>{@code ad_span}</td><td>2-d point (first day, last day) + doc values {@code ad_start}/{@code ad_end}
 *       (all-day items)</td><td>time filters</td></tr>
 *   <tr><td>{@code start_ms}</td><td>doc values</td><td>window scan order (nearest in time first)</td></tr>
 *   <tr><td>{@code vec.NAME}</td><td>binary doc values (little-endian floats)</td><td>exact nearest neighbours,
 *       returning vectors</td></tr>
 *   <tr><td>{@code knn.NAME.DIM}</td><td>HNSW graph over unit-normalised vectors (only with vector search
 *       {@code hnsw})</td><td>approximate nearest neighbours in large filtered sets</td></tr>
 *   <tr><td>{@code item_dv}</td><td>binary doc values (Smile, {@link ItemCodec}; format 2)</td><td>returning the
 *       item</td></tr>
 *   <tr><td>{@code item}</td><td>stored field (JSON; documents of format 1 only)</td><td>returning the item</td></tr>
 * </table>
 *
 * <p>Keys and terms are indexed as {@code TAG + value} where TAG is a 16-character hash of the scope, so that a
 * lookup reads only the postings of its own scope (a term like a common trigram would otherwise have postings across
 * all tenants). The full scope is always also a filter clause, so a tag collision can never leak an item across
 * scopes.
 *
 * <p>Thread-safe: stateless.
 */
public final class Schema {
  public static final String ID = "id";
  public static final String TENANT = "tenant";
  public static final String SCOPE = "scope";
  public static final String STATUS = "status";
  public static final String KEY = "key";
  public static final String TERM = "term";
  public static final String T_START = "t_start";
  public static final String T_DAY = "t_day";
  public static final String AD_SPAN = "ad_span";
  public static final String AD_START = "ad_start";
  public static final String AD_END = "ad_end";
  public static final String START_MS = "start_ms";
  /** The id as binary doc values, read per hit; see {@link #ids}. */
  public static final String ID_DV = "id_dv";
  public static final String SOURCE = "item";
  /**
   * The encoded item (Smile) as binary doc values (format 2): read per candidate without decompressing a stored-fields
   * block. Documents written by format 1 have only the stored field {@link #SOURCE} (JSON).
   */
  public static final String SOURCE_DV = "item_dv";
  public static final String VECTOR_PREFIX = "vec.";
  public static final String KNN_PREFIX = "knn.";
  /** The prefix of the fields of int8 scalar-quantized HNSW graphs (see {@link #CODEC}). */
  public static final String KNN_INT8_PREFIX = "knn8.";

  /**
   * The codec of every index: Lucene's default, with the scalar-quantized HNSW format for the fields named
   * {@link #KNN_INT8_PREFIX}… The format is recorded per field, so Lucene's default codec reads these indexes too.
   */
  public static final org.apache.lucene.codecs.Codec CODEC = new org.apache.lucene.codecs.lucene912.Lucene912Codec() {
    private final org.apache.lucene.codecs.KnnVectorsFormat int8 =
        new org.apache.lucene.codecs.lucene99.Lucene99HnswScalarQuantizedVectorsFormat();

    @Override
    public org.apache.lucene.codecs.KnnVectorsFormat getKnnVectorsFormatForField(String field) {
      return field.startsWith(KNN_INT8_PREFIX) ? int8 : super.getKnnVectorsFormatForField(field);
    }
  };

  /** Lucene's limit on one indexed term. */
  private static final int MAX_TERM_BYTES = IndexWriter.MAX_TERM_LENGTH;
  /**
   * The most UTF-8 bytes of a key, lexical term or status indexed as it is: Lucene's limit less the 16 characters of
   * the {@link #scopeTag tag} in front. Values up to it were always indexed so; longer ones were refused before
   * 2026-11-27 and are now indexed as {@link #LONG_VALUE} + their SHA-256, so no index written earlier changes meaning.
   */
  static final int MAX_PLAIN_BYTES = MAX_TERM_BYTES - 16;
  /**
   * The prefix of a hashed over-long value. A short value that equals a hashed one would have to be this prefix
   * followed by the hash of another value: finding one is finding a SHA-256 preimage.
   */
  static final String LONG_VALUE = "\u0001sha256:";
  /** The largest dimension Lucene 9's HNSW format accepts; larger vectors are searched exactly only. */
  public static final int MAX_KNN_DIMENSION = 1024;

  private static final VarHandle FLOATS = MethodHandles.byteArrayViewVarHandle(float[].class,
      ByteOrder.LITTLE_ENDIAN);

  private Schema() {}

  /** The doc-values field holding a named vector. */
  public static String vectorField(String name) {
    return VECTOR_PREFIX + name;
  }

  /** The HNSW field of a named vector of a dimension, under a graph's prefix ({@link #KNN_PREFIX} or int8's). */
  public static String knnField(String prefix, String name, int dimension) {
    return prefix + name + "." + dimension;
  }

  /** How many characters of the tag are used: 16, except in tests that make scopes collide. */
  private static volatile int tagChars = 16;

  /**
   * The 16-character tag of a scope that prefixes its keys and terms: 96 bits of its SHA-256. Lookups that rely on
   * it to stay inside a scope check what they found (two scopes' tags may collide, however unlikely).
   */
  public static String scopeTag(String scope) {
    try {
      byte[] h = MessageDigest.getInstance("SHA-256").digest(scope.getBytes(StandardCharsets.UTF_8));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(h, 12))
          .substring(0, tagChars);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JRE", e);
    }
  }

  /**
   * Tests only: shortens every scope tag to {@code chars} characters (0: every scope has the same tag) so that the
   * collision paths run; a data directory written with one length must be read with the same. 16 restores it.
   */
  public static void useScopeTagLengthForTests(int chars) {
    if (chars < 0 || chars > 16) {
      throw new IllegalArgumentException("a scope tag has 0 to 16 characters, got " + chars);
    }
    tagChars = chars;
  }

  /**
   * The Lucene document of an item; {@code graph}, when not null, is the prefix of the HNSW fields its vectors are
   * also indexed in ({@link #KNN_PREFIX}, {@link #KNN_INT8_PREFIX}).
   */
  public static Document document(StoredItem s, String graph) {
    return document(s, graph, ItemCodec.encode(s));
  }

  /** {@link #document(StoredItem, String)} with the item already encoded by {@link ItemCodec#encode}. */
  public static Document document(StoredItem s, String graph, byte[] encoded) {
    Document d = new Document();
    checkTerm("id", s.id());
    checkTerm("tenant", s.tenant());
    checkTerm("scope", s.keys().scope());
    d.add(new StringField(ID, s.id(), Field.Store.NO));
    d.add(new SortedDocValuesField(ID, new BytesRef(s.id())));
    d.add(new BinaryDocValuesField(ID_DV, new BytesRef(s.id())));
    d.add(new StringField(TENANT, s.tenant(), Field.Store.NO));
    d.add(new StringField(SCOPE, s.keys().scope(), Field.Store.NO));
    d.add(new StringField(STATUS, indexed(s.keys().status()), Field.Store.NO));
    String tag = scopeTag(s.keys().scope());
    for (String k : s.keys().keys()) {
      d.add(new StringField(KEY, tag + indexed(k), Field.Store.NO));
    }
    for (String t : s.keys().terms()) {
      d.add(new StringField(TERM, tag + indexed(t), Field.Store.NO));
    }
    if (s.keys().time().isPresent()) {
      TimeSpan t = s.keys().time().get();
      d.add(new NumericDocValuesField(START_MS, t.startMillis()));
      if (t.allDay()) {
        d.add(new LongPoint(AD_SPAN, t.startDay(), t.endDay()));
        d.add(new NumericDocValuesField(AD_START, t.startDay()));
        d.add(new NumericDocValuesField(AD_END, t.endDay()));
      } else {
        d.add(new LongPoint(T_START, t.startMillis()));
        d.add(new NumericDocValuesField(T_START, t.startMillis()));
        d.add(new LongPoint(T_DAY, t.startDay()));
        d.add(new NumericDocValuesField(T_DAY, t.startDay()));
      }
    }
    for (Map.Entry<String, float[]> v : s.vectors().entrySet()) {
      float[] components = v.getValue();
      d.add(new BinaryDocValuesField(vectorField(v.getKey()), new BytesRef(toBytes(components))));
      if (graph != null && components.length > 0 && components.length <= MAX_KNN_DIMENSION) {
        float[] unit = unit(components);
        if (unit != null) {
          d.add(new KnnFloatVectorField(knnField(graph, v.getKey(), components.length), unit,
              VectorSimilarityFunction.DOT_PRODUCT));
        }
      }
    }
    d.add(new BinaryDocValuesField(SOURCE_DV, new BytesRef(encoded)));
    return d;
  }

  /**
   * A key, lexical term or status as indexed and looked up: itself up to {@link #MAX_PLAIN_BYTES} UTF-8 bytes, else
   * {@link #LONG_VALUE} + the URL-safe Base64 of its SHA-256. A 40 KB text's exact key is stored like any other, within
   * the item limit every store shares ({@code server.max_item_bytes}); a lookup finds it by the same hash, and the
   * stages then compare the values themselves.
   */
  public static String indexed(String value) {
    if (value.length() * 3 <= MAX_PLAIN_BYTES) {
      return value;
    }
    byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
    if (utf8.length <= MAX_PLAIN_BYTES) {
      return value;
    }
    try {
      return LONG_VALUE + Base64.getUrlEncoder().withoutPadding()
          .encodeToString(MessageDigest.getInstance("SHA-256").digest(utf8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JRE", e);
    }
  }

  private static void checkTerm(String what, String value) {
    if (value.length() * 3 > MAX_TERM_BYTES && value.getBytes(StandardCharsets.UTF_8).length > MAX_TERM_BYTES - 16) {
      throw new InvalidInputException(what + " is too long for the Lucene store (" + value.length()
          + " characters; at most " + (MAX_TERM_BYTES - 16) + " UTF-8 bytes)");
    }
  }

  /** A unit-length copy, or null for a zero (or non-finite) vector, which has no direction. */
  public static float[] unit(float[] v) {
    double n = 0;
    for (float x : v) {
      n += (double) x * x;
    }
    if (n == 0 || !Double.isFinite(n)) {
      return null;
    }
    float[] u = v.clone();
    VectorUtil.l2normalize(u, false);
    return u;
  }

  /** Vector components as little-endian bytes. */
  public static byte[] toBytes(float[] v) {
    byte[] b = new byte[v.length * Float.BYTES];
    for (int i = 0; i < v.length; i++) {
      FLOATS.set(b, i * Float.BYTES, v[i]);
    }
    return b;
  }

  /** Vector components from little-endian bytes. */
  public static float[] toFloats(BytesRef b) {
    float[] v = new float[b.length / Float.BYTES];
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) FLOATS.get(b.bytes, b.offset + i * Float.BYTES);
    }
    return v;
  }

  /**
   * Cosine similarity of a query vector with stored bytes, computed exactly as the in-memory store does (double
   * accumulation in the same order), so both stores rank identically; 0 when either vector is all zeros.
   */
  public static double cosine(float[] a, BytesRef b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      float y = (float) FLOATS.get(b.bytes, b.offset + i * Float.BYTES);
      dot += (double) a[i] * y;
      na += (double) a[i] * a[i];
      nb += (double) y * y;
    }
    if (na == 0 || nb == 0) {
      return 0;
    }
    return dot / (Math.sqrt(na) * Math.sqrt(nb));
  }

  /** The ids of a segment's documents, read in increasing doc order. */
  public interface Ids {
    /** The id of a document of the segment; each call with a larger doc than the one before. */
    String of(int doc) throws IOException;
  }

  /**
   * The ids of a segment: from the binary {@link #ID_DV}, where a document has it, else from the sorted doc values of
   * {@link #ID} (documents written before {@code id_dv} existed; a merged segment can hold both kinds).
   */
  public static Ids ids(LeafReader reader) throws IOException {
    BinaryDocValues direct = reader.getBinaryDocValues(ID_DV);
    SortedDocValues sorted = DocValues.getSorted(reader, ID);
    return doc -> {
      if (direct != null && direct.advanceExact(doc)) {
        return direct.binaryValue().utf8ToString();
      }
      if (!sorted.advanceExact(doc)) {
        throw new IllegalStateException("document " + doc + " of segment " + reader + " has no id");
      }
      return sorted.lookupOrd(sorted.ordValue()).utf8ToString();
    };
  }

  /** Documents with any of these ids. */
  public static Query ids(Collection<String> ids) {
    List<BytesRef> terms = new ArrayList<>(ids.size());
    for (String id : ids) {
      terms.add(new BytesRef(id));
    }
    return new TermInSetQuery(ID, terms);
  }

  /**
   * The hard filter: scope, excluded statuses, self-exclusion and time window, as one query; {@code shadowed} ids
   * (written since the searcher was opened, see {@link Overlay}) are excluded too.
   */
  public static Query filter(CandidateQuery q, Collection<String> shadowed) {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    if (!shadowed.isEmpty()) {
      b.add(ids(shadowed), Occur.MUST_NOT);
    }
    b.add(new TermQuery(new Term(SCOPE, q.scope())), Occur.FILTER);
    for (String s : q.excludedStatuses()) {
      b.add(new TermQuery(new Term(STATUS, indexed(s))), Occur.MUST_NOT);
    }
    q.excludeId().ifPresent(id -> b.add(new TermQuery(new Term(ID, id)), Occur.MUST_NOT));
    if (!q.time().isEmpty()) {
      BooleanQuery.Builder any = new BooleanQuery.Builder();
      for (TimeFilter f : q.time()) {
        any.add(time(f), Occur.SHOULD);
      }
      b.add(any.build(), Occur.FILTER);
    }
    return b.build();
  }

  /**
   * One time-window clause as a range query: points when the range is selective, doc values when the scope filter
   * already leads ({@link IndexOrDocValuesQuery} picks per segment).
   */
  static Query time(TimeFilter f) {
    return switch (f.kind()) {
      case TIMED_START_BETWEEN -> new IndexOrDocValuesQuery(LongPoint.newRangeQuery(T_START, f.from(), f.to()),
          NumericDocValuesField.newSlowRangeQuery(T_START, f.from(), f.to()));
      case TIMED_START_ON_DAYS -> new IndexOrDocValuesQuery(LongPoint.newRangeQuery(T_DAY, f.from(), f.to()),
          NumericDocValuesField.newSlowRangeQuery(T_DAY, f.from(), f.to()));
      case ALL_DAY_SAME_DATES -> allDay(f.from(), f.from(), f.to(), f.to());
      case ALL_DAY_OVERLAPPING -> allDay(Long.MIN_VALUE, f.to(), f.from(), Long.MAX_VALUE);
    };
  }

  /** All-day items whose first day is in [startLo, startHi] and last day in [endLo, endHi]. */
  private static Query allDay(long startLo, long startHi, long endLo, long endHi) {
    Query points = LongPoint.newRangeQuery(AD_SPAN, new long[] {startLo, endLo}, new long[] {startHi, endHi});
    Query dv = new BooleanQuery.Builder()
        .add(NumericDocValuesField.newSlowRangeQuery(AD_START, startLo, startHi), Occur.FILTER)
        .add(NumericDocValuesField.newSlowRangeQuery(AD_END, endLo, endHi), Occur.FILTER)
        .build();
    return new IndexOrDocValuesQuery(points, dv);
  }

  /**
   * Lookup keys or lexical terms as indexed (each prefixed by the scope's {@link #scopeTag tag}), in {@link BytesRef}
   * order — the order a term enumeration seeks them fastest.
   */
  public static List<BytesRef> scopedTerms(String tag, Collection<String> terms) {
    List<BytesRef> out = new ArrayList<>(terms.size());
    for (String t : terms) {
      out.add(new BytesRef(tag + indexed(t)));
    }
    out.sort(null);
    return out;
  }
}
