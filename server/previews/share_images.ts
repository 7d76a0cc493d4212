/**
 * The share images as the service sees them: the contract of
 * `lib/preview_images.ts` (what `og/mod.ts`'s `createImageHandler` takes and
 * gives), stated below both so that `og/` never imports the service.
 *
 * @module
 */
export type {
  CreateShareImages,
  ImageCache,
  ImageLogger,
  ImageTarget,
  RendererName,
  ShareImages,
  ShareImagesOptions,
} from "../../lib/preview_images.ts";
