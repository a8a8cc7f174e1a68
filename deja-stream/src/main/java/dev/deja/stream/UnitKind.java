package dev.deja.stream;

/**
 * What kind of text a {@link Unit} is, which decides how it is compared.
 *
 * <table>
 *   <caption>Unit kinds</caption>
 *   <tr><th>kind</th><th>recognised by</th><th>compared</th></tr>
 *   <tr><td>{@code SENTENCE}</td><td>prose, ended by {@code [.!?]+} and white space, or by a line break</td>
 *       <td>with every earlier unit in the window, by every layer</td></tr>
 *   <tr><td>{@code LIST_ITEM}</td><td>a line starting with {@code - * + •}, {@code 1.} {@code 1)} or {@code a)}</td>
 *       <td>with its siblings (same list) and with earlier sentences only by the exact and near-verbatim layers;
 *       with earlier lists of the same section by every layer; nested items only with their siblings</td></tr>
 *   <tr><td>{@code HEADING}</td><td>a line starting with 1–6 {@code #} and a space</td>
 *       <td>by the exact and near-verbatim layers only</td></tr>
 *   <tr><td>{@code TABLE_ROW}</td><td>a line starting with {@code |}</td><td>never (passes through)</td></tr>
 *   <tr><td>{@code CODE}</td><td>a fenced block (the fence lines and every line between)</td>
 *       <td>never (passes through)</td></tr>
 *   <tr><td>{@code RULE}</td><td>a line of three or more {@code -}, {@code *} or {@code _}</td>
 *       <td>never (passes through)</td></tr>
 * </table>
 */
public enum UnitKind {
  SENTENCE,
  LIST_ITEM,
  HEADING,
  TABLE_ROW,
  CODE,
  RULE;

  /** Whether units of this kind are never deduplicated and never compared against. */
  public boolean isExempt() {
    return this == TABLE_ROW || this == CODE || this == RULE;
  }
}
