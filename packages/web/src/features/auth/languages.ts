/** Each language named in itself, for the language choices (the same in every interface language). */
export const LANGUAGE_NAMES = { zh: '简体中文', en: 'English', tc: '繁體中文' } as const;
