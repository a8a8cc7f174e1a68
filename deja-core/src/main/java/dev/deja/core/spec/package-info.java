/**
 * Collection specs: the immutable description of what "duplicate" means for a collection (fields, analyzers, scope,
 * time window, statuses, candidates, stages, guards, policy), read from configuration trees by
 * {@link dev.deja.core.spec.SpecReader} with errors that name the offending key.
 */
package dev.deja.core.spec;
