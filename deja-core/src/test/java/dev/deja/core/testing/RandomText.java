package dev.deja.core.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random strings for property tests, biased towards the characters that break text code: accents precomposed and
 * combining, Turkish dotted and dotless i, ß, ligatures, full-width forms, CJK, Hangul syllables and loose jamo,
 * emoji (astral, with joiners and skin tones), odd white space, apostrophes, punctuation and symbols, and now and
 * then any code point at all.
 */
public final class RandomText {
  private RandomText() {}

  private static final List<String> POOLS = List.of(
      "abcdefghijklmnopqrstuvwxyz",
      "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
      "       ",
      "éèêëáàâäíïóöúüçñøØåÅæÆœŒßẞþÞðÐłŁđĐ",
      "\u0300\u0301\u0302\u0303\u0307\u0308\u0327\u0328\u030a\u0323\u0338\u3099",
      "İIıi",
      "ﬁﬂﬀＡＢＣａｂｃ１２３①ℌΩKÅⅫ㎁ﾞ゛ǅǆ",
      "ΑΒΓΣσςΟΔ",
      "日本語中文漢字東京会議予定確認",
      "가나다라한국어각",
      "\u1100\u1161\u11a8\u1102\u1162",
      "'\u2019\u2018\u02bc`\u00b4-\u2010\u2013\u2014_/.,;:!?()[]{}\"«»&@#%*+=<>$€£^~|\\",
      "\u00a0\u2007\u202f\u2028\u2029\u200b\ufeff\u3000\t\n\r\u000b\u000c\u001c\u0085\u1680",
      "\u200d\u00ad\u200e\u2060");

  private static final List<String> EMOJI = List.of(
      "\uD83D\uDE00", "\uD83C\uDF89", "\u2728", "\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67",
      "\uD83D\uDC4D\uD83C\uDFFD", "\uD83C\uDDF3\uD83C\uDDF1", "\uD834\uDD1E", "\uD840\uDC00", "\u263A\uFE0F");

  /** A string of up to {@code maxCodePoints} code points (possibly empty). */
  public static String next(Random random, int maxCodePoints) {
    int n = random.nextInt(maxCodePoints + 1);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      int r = random.nextInt(100);
      if (r < 6) {
        sb.append(EMOJI.get(random.nextInt(EMOJI.size())));
      } else if (r < 9) {
        sb.appendCodePoint(anyCodePoint(random));
      } else {
        sb.appendCodePoint(pick(random, POOLS.get(random.nextInt(POOLS.size()))));
      }
    }
    return sb.toString();
  }

  /** A string of up to {@code maxCodePoints} code points without surrogate pairs (only BMP characters). */
  public static String nextBmp(Random random, int maxCodePoints) {
    StringBuilder sb = new StringBuilder();
    next(random, maxCodePoints).codePoints().filter(cp -> cp < 0x10000).forEach(sb::appendCodePoint);
    return sb.toString();
  }

  /** A string of up to {@code maxLength} characters from a small alphabet, so that strings share a lot. */
  public static String nextFromAlphabet(Random random, String alphabet, int maxLength) {
    int n = random.nextInt(maxLength + 1);
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }

  /** A copy of {@code s} with a few random code-point edits (insert, delete, substitute, swap). */
  public static String mutate(Random random, String s, int edits) {
    List<Integer> list = new ArrayList<>();
    s.codePoints().forEach(list::add);
    for (int e = 0; e < edits; e++) {
      int op = list.isEmpty() ? 0 : random.nextInt(4);
      int fresh = pick(random, POOLS.get(random.nextInt(POOLS.size())));
      if (op == 0) {
        list.add(random.nextInt(list.size() + 1), fresh);
      } else if (op == 1) {
        list.remove(random.nextInt(list.size()));
      } else if (op == 2) {
        list.set(random.nextInt(list.size()), fresh);
      } else {
        int i = random.nextInt(list.size());
        if (i + 1 < list.size()) {
          list.set(i, list.set(i + 1, list.get(i)));
        }
      }
    }
    StringBuilder sb = new StringBuilder();
    list.forEach(sb::appendCodePoint);
    return sb.toString();
  }

  private static int pick(Random random, String pool) {
    int[] cps = pool.codePoints().toArray();
    return cps[random.nextInt(cps.length)];
  }

  /** Any code point, mostly assigned ones, including now and then a lone surrogate. */
  private static int anyCodePoint(Random random) {
    int r = random.nextInt(10);
    if (r < 6) {
      return random.nextInt(0x3000);
    } else if (r < 9) {
      return random.nextInt(0x10000);
    }
    return 0x10000 + random.nextInt(0x20000);
  }
}
