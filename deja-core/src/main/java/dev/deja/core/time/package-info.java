/** Parsing of dates, date-times and time zones carried by items. */
package dev.deja.core.time;
