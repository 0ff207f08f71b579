// jest.config.js — run with: NODE_OPTIONS=--experimental-vm-modules npx jest
export default {
  testEnvironment: 'node', // Node's fetch, Request and Response, which msw intercepts
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
};
