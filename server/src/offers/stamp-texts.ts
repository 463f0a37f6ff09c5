import { translator, type Language } from '../i18n';
import type { SignatureStamp, StampTexts } from './pdf';

/** The stamp's words in a language (server i18n `offers.stamp.*`), with the name, document and time filled in. */
export function stampTexts(stamp: SignatureStamp, language: Language): StampTexts {
  const t = translator(language);
  return {
    title: t('offers.stamp.title'),
    document: t('offers.stamp.document', { name: stamp.documentName }),
    signedBy: t('offers.stamp.signedBy', { name: stamp.signerName }),
    signedAt: t('offers.stamp.signedAt', { time: stamp.signedAt.toISOString() }),
    statement: t('offers.stamp.statement'),
    method: t(stamp.method === 'typed' ? 'offers.stamp.typed' : 'offers.stamp.esign'),
  };
}

/** The sentence every stamped signature carries, in English (the catalogue's source; each language has its own). */
export const SIGNATURE_STATEMENT = translator('en')('offers.stamp.statement');
