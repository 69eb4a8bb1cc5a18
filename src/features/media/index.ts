/** The media feature's public surface: what other features, workflows and the app import from it. */
export { pickerMedia } from './queries.ts';
export { imageUploaderRoutes, mediaRoutes } from './routes.ts';
export { mediaFiles } from './static.ts';
export { inspect, receiveFile, storeImage } from './upload.ts';
