import type { Faker } from '@faker-js/faker';
import { faker as template } from '@faker-js/faker/locale/en';
import { REFERENCE_TIME } from '../support/clock.js';

/** A faker instance owned by one service: English data, seeded, with dates relative to `REFERENCE_TIME`. */
export type SeededFaker = Faker;

// `@faker-js/faker/locale/en` (27 ms) exports only a shared instance; its class builds private ones, so no
// two services ever share a random sequence (the package root would cost 140 ms to load every locale).
const FakerClass = template.constructor as new (options: { locale: Faker['rawDefinitions'] }) => Faker;

/**
 * Creates a private, seeded faker whose relative dates (`recent`, `past`) count back from `REFERENCE_TIME`.
 * @example const faker = createSeededFaker(7); faker.person.fullName();
 */
export function createSeededFaker(seed: number): SeededFaker {
  const faker = new FakerClass({ locale: template.rawDefinitions });
  faker.seed(seed);
  faker.setDefaultRefDate(REFERENCE_TIME);
  return faker;
}
