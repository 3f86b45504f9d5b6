import express, { type ErrorRequestHandler, type Express } from 'express';
import { failureEnvelope } from './envelope';

/**
 * JSON body parsing with errors in the envelope: malformed JSON or an oversized body is the
 * client's mistake (4xx with a human message), not a crash.
 */
export function useJsonBody(app: Express, limit = '2mb'): void {
  app.use(express.json({ limit }));
  app.use(express.urlencoded({ extended: false, limit }));
  const onBodyError: ErrorRequestHandler = (error: { type?: string; status?: number }, _request, response, next) => {
    if (error?.type === 'entity.parse.failed')
      return void response.status(400).json(failureEnvelope('The request body is not valid JSON.'));
    if (error?.type === 'entity.too.large') return void response.status(413).json(failureEnvelope('The request body is too large.'));
    if (error?.status && error.status >= 400 && error.status < 500)
      return void response.status(error.status).json(failureEnvelope('The request could not be read.'));
    next(error);
  };
  app.use(onBodyError);
}
