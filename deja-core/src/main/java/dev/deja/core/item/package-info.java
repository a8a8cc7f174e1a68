/**
 * Items and what stores keep about them: {@link dev.deja.core.item.Item} (the fields),
 * {@link dev.deja.core.item.StoredItem} (id, tenant, derived {@link dev.deja.core.item.ItemKeys}, vectors, version,
 * history) and {@link dev.deja.core.item.TimeSpan}.
 */
package dev.deja.core.item;
