package dev.deja.server.mcp;

import dev.deja.core.engine.Action;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Match;
import dev.deja.core.engine.WriteResult;
import dev.deja.core.item.Item;
import dev.deja.format.Views;
import dev.deja.server.DejaService;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The glossary's write tool, {@code add_definition}: the counterpart of {@code find_duplicate_definitions}, so that an
 * agent can define a term after checking it without leaving MCP. The definition goes into the tenant's glossary
 * collection under the glossary preset's policy: a duplicate (the same term, one of its synonyms or a near-identical
 * term in the same contexts) is refused with the definitions it duplicates, unless
 * {@code bypass_duplicate_check}. Thread-safe.
 */
final class GlossaryTools {
  private GlossaryTools() {}

  static DejaTool addDefinition(DejaService service) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("term", DejaTools.prop("string", "The term being defined."));
    p.put("definition", DejaTools.prop("string", "Optional text of the definition."));
    Map<String, Object> synonyms = DejaTools.prop("array", "Optional synonyms of the term.");
    synonyms.put("items", Map.of("type", "string"));
    p.put("synonyms", synonyms);
    p.put("org_context", DejaTools.prop("string", "Optional organisational context (null equals empty)."));
    p.put("legal_context", DejaTools.prop("string", "Optional legal context (null equals empty)."));
    Map<String, Object> basis = DejaTools.prop("array", "Optional legal basis: a list of references, compared "
        + "order-independently (null equals []).");
    basis.put("items", Map.of("type", "string"));
    p.put("legal_basis", basis);
    p.put("status", DejaTools.prop("string", "Optional status, e.g. 'draft' or 'active' (an 'archived' definition "
        + "never matches)."));
    p.put("id", DejaTools.prop("string", "Optional id for the definition (default: one is generated)."));
    p.put("bypass_duplicate_check", DejaTools.prop("boolean", "Store it even if it duplicates an existing definition "
        + "(default false). Only after the user confirmed it is a different concept."));
    return DejaTools.of(DejaTools.tool("add_definition", "Add a term's definition to the glossary. Existing "
        + "definitions in the same organisational context, legal context and legal basis are checked first (exact "
        + "term, synonym, near-identical term; archived ones never match): if one duplicates it, nothing is stored "
        + "and the reply lists them (id, term, stage, score, reason) and says how to retry with "
        + "bypass_duplicate_check=true. Use find_duplicate_definitions to look without storing.", p, List.of("term"),
        DejaTools.adds("Add a glossary definition"), DejaTools.writeOutput()), (call, a) -> {
          Map<String, Object> f = new LinkedHashMap<>();
          String term = a.required("term");
          f.put("term", term);
          a.string("definition").ifPresent(s -> f.put("definition", s));
          a.strings("synonyms").ifPresent(l -> f.put("synonyms", l));
          a.string("org_context").ifPresent(s -> f.put("org_context", s));
          a.string("legal_context").ifPresent(s -> f.put("legal_context", s));
          a.strings("legal_basis").ifPresent(l -> f.put("legal_basis", l));
          a.string("status").ifPresent(s -> f.put("status", s));
          DejaCollection col = service.glossary(call.tenant());
          boolean bypass = a.bool("bypass_duplicate_check");
          WriteResult r = service.put(call, col, a.string("id"), new Item(f), bypass);
          Map<String, Object> structured = Views.write(r, false);
          List<String> lines = new ArrayList<>();
          for (Match m : r.verdict().matches()) {
            lines.add("- " + m.id() + " \"" + m.item().item().findString("term").orElse("") + "\" — stage "
                + m.stage() + ", score " + DejaTools.score(m.score()) + ": " + m.explanation().message());
          }
          if (r.action() == Action.REJECTED) {
            return DejaTools.refused("Not stored: \"" + term + "\" duplicates existing definition(s):\n"
                + String.join("\n", lines) + "\nIf it is a different concept, call add_definition again with "
                + "bypass_duplicate_check=true.", structured);
          }
          String head = "Definition stored (id " + r.id().orElseThrow() + "): \"" + term + "\".";
          Optional<String> similar = lines.isEmpty() ? Optional.empty() : Optional.of(String.join("\n", lines));
          if (r.bypassed()) {
            return DejaTools.ok(head + "\nThe duplicate check was bypassed (bypass_duplicate_check=true); it "
                + "duplicates:\n" + similar.orElse(""), structured);
          }
          return DejaTools.ok(head + similar.map(s -> "\nNote: possibly similar definitions:\n" + s).orElse(""),
              structured);
        });
  }
}
