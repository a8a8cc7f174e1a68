package dev.deja.core.lexical;

import java.util.function.DoubleUnaryOperator;

/**
 * A unit of measurement a word or phrase names ({@link WordKnowledge#unit}): "km", "kilometres", "Kilometer" name one
 * unit of length.
 *
 * @param dimension what it measures ("length", "mass", "volume", "temperature", "speed")
 * @param id the unit's identifier, equal for every name of the unit ("kilometer")
 * @param toBase converts an amount in this unit to the dimension's base unit (metres, kilograms, …), so that amounts
 *     in two units of one dimension compare
 */
public record Unit(String dimension, String id, DoubleUnaryOperator toBase) {}
