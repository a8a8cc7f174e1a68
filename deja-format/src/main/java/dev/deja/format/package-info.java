/**
 * Deja's formats: the built-in presets and {@code deja.yaml} ({@link dev.deja.format.Presets},
 * {@link dev.deja.format.DejaConfig}, YAML via Jackson), JSON for items and results ({@link dev.deja.format.Json},
 * {@link dev.deja.format.Views}), and the labelled dataset formats ({@link dev.deja.format.Datasets}).
 *
 * <p>Jackson is used for both JSON and YAML so that one parser, with one set of error messages, reads every input.
 */
package dev.deja.format;
