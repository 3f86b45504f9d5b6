// Moved to @app/testing (test helpers live outside production packages); kept so this lib's specs still resolve it.
export { sampleDocx, sampleJpeg, sampleOle2Doc, samplePdf, samplePng, sampleZip } from '@app/testing';
