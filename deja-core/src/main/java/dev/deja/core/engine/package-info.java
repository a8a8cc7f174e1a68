/**
 * The engine facade: {@link dev.deja.core.engine.DejaCollection} runs checks (dry runs returning a
 * {@link dev.deja.core.engine.Verdict}) and writes (returning a {@link dev.deja.core.engine.WriteResult}) for one
 * collection.
 */
package dev.deja.core.engine;
