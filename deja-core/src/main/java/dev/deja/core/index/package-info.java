/**
 * Candidate lookup: the SPI a store implements so that a check compares a new item only with the few stored items
 * that could be its duplicates, inside the scope, without ever returning one outside it.
 */
package dev.deja.core.index;
