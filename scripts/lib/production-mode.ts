/**
 * `npm start` runs the product as it runs in production: NODE_ENV=production (React's and Remix's
 * production builds on the server) unless NODE_ENV says otherwise. Imported first by
 * scripts/start.ts, before anything that loads React reads it.
 */
process.env.NODE_ENV ||= "production";
