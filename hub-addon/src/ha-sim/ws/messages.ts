// Message builders (core websocket_api/messages.py).
import type { HomeAssistantError } from '../errors.js';

export type Json = Record<string, unknown>;

export function resultMessage(id: unknown, result: unknown = null): Json {
  return { id, type: 'result', success: true, result };
}

export function errorMessage(id: unknown, code: string, message: string, err?: HomeAssistantError): Json {
  const error: Json = { code, message };
  if (err?.translationKey) {
    error.translation_key = err.translationKey;
    error.translation_placeholders = err.translationPlaceholders;
    error.translation_domain = err.translationDomain;
  }
  return { id, type: 'result', success: false, error };
}

export function eventMessage(id: number, event: unknown): Json {
  return { id, type: 'event', event };
}

export const ERR = {
  ID_REUSE: 'id_reuse',
  INVALID_FORMAT: 'invalid_format',
  NOT_ALLOWED: 'not_allowed',
  NOT_FOUND: 'not_found',
  NOT_SUPPORTED: 'not_supported',
  HOME_ASSISTANT_ERROR: 'home_assistant_error',
  SERVICE_VALIDATION_ERROR: 'service_validation_error',
  UNKNOWN_COMMAND: 'unknown_command',
  UNKNOWN_ERROR: 'unknown_error',
  UNAUTHORIZED: 'unauthorized',
  TIMEOUT: 'timeout',
  TEMPLATE_ERROR: 'template_error',
} as const;
