/**
 * Internals of the PostgreSQL store (not API): SQL assembly from fixed fragments, the thread-bound connection of
 * scope work, the stored item format, persisted hashes and the mapping of SQL failures.
 */
package dev.deja.postgres.internal;
