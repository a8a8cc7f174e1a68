/**
 * From duplicate links to clusters, as {@code deja dedupe} and the Spark job both make them: {@link
 * dev.deja.core.cluster.CompleteLinkage} (strongest links first; two clusters merge only when every pair across them is
 * linked), {@link dev.deja.core.cluster.OneToOne} (two-source linkage, one partner each) and {@link
 * dev.deja.core.cluster.KeepRule} (which member of a cluster to keep). One implementation, so that every engine that
 * finds the same links reports the same clusters.
 */
package dev.deja.core.cluster;
