/**
 * Guards: checks that veto or downgrade a similarity match on evidence similarity cannot see (numbers, dates,
 * negation, names). The SPI lives here; guard types are registered in a {@link dev.deja.core.guard.GuardRegistry}.
 */
package dev.deja.core.guard;
