export * from '../../src/testing/support/http-listener.js';
