/** Why a scene could not be read or opened, in the user's language. */
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import { fileErrorText } from '../../features/files/file-errors';
import { SceneFileError } from './gltf-container';
import { SceneSourceError } from './source';

export function sceneErrorReason(error: unknown, t: TFunction): string {
  if (error instanceof SceneFileError) {
    switch (error.code) {
      case 'not-gltf':
        return t('diagramScene.errors.notGltf');
      case 'version':
        return t('diagramScene.errors.version');
      case 'external':
        return t('diagramScene.errors.external', { uri: error.uri ?? '' });
      default:
        return t('diagramScene.errors.damaged', { reason: error.message });
    }
  }
  if (error instanceof SceneSourceError) return t('diagramScene.errors.address');
  if (error instanceof ApiError && error.status === 404) return t('diagramScene.errors.fileMissing');
  if (error instanceof ApiError) return fileErrorText(error, t, { reading: true });
  return error instanceof Error ? error.message : String(error);
}
