export { bundleOverlay } from './bundle.ts';
