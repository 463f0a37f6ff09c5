import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation, Button, cx, Field, notify, upload, useAppDispatch } from '@careers/shared';
import { UploadIcon } from './ui';
import { PDF_ACCEPT, SIGNED_LETTER_FIELD } from '../constants';
import { ActionAlert } from './ActionAlert';
import { acceptUploadPath, offersApi } from '../endpoints';
import { failureToast, isCancelled } from '../errors';
import { checkSignedLetter, sizeParts, type UploadProblem } from '../uploadRules';

export interface UploadSignedLetterProps {
  encId: string;
  domain: string;
}

/**
 * Step 3 of the offer letter (docs/product/offers-and-signing.md#upload-signed-letter): one signed PDF (chosen or
 * dropped), checked before anything is sent (one file, PDF, not empty, at most 10 MB), then uploaded as multipart with
 * a progress bar. Success: "Successfully submitted form for verification", and the offer and the list are fetched again
 * (the offer then shows Accepted). A failed upload keeps its toast and also shows "There was a problem accepting the
 * offer" above the submit button until the candidate submits again
 * (docs/product/offers-and-signing.md#failure-messages).
 */
export function UploadSignedLetter({ encId, domain }: UploadSignedLetterProps) {
  const { t } = useTranslation('offers');
  const dispatch = useAppDispatch();
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const ids = {
    input: `cw-upload-${id}`,
    file: `cw-upload-file-${id}`,
    failed: `cw-upload-failed-${id}`,
  };
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [failed, setFailed] = useState(false);
  const uploading = percent !== null;

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = (files: File[]) => {
    if (uploading) return;
    if (files.length === 0) {
      setFile(null);
      return;
    }
    const found = checkSignedLetter(files);
    if (found) {
      setFile(null);
      setProblem(found);
      clearInput();
      return;
    }
    setFile(files[0] as File);
    setProblem(null);
  };

  const remove = () => {
    setFile(null);
    setProblem(null);
    clearInput();
    inputRef.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading) return;
    setFailed(false);
    if (!file) {
      setProblem('required');
      inputRef.current?.focus();
      return;
    }
    const form = new FormData();
    form.append('domain', domain);
    form.append(SIGNED_LETTER_FIELD, file, file.name);
    setPercent(0);
    try {
      await upload(acceptUploadPath(encId), form, { onProgress: (p) => setPercent(Math.round(p.fraction * 100)) });
      notify.success(t('toasts.submitted'));
      setFile(null);
      clearInput();
      dispatch(
        offersApi.util.invalidateTags([
          { type: 'Offer', id: encId },
          { type: 'Offers', id: 'LIST' },
        ]),
      );
    } catch (error) {
      const message = failureToast(error, t('toasts.acceptFailed'));
      if (message) notify.error(message);
      if (!isCancelled(error)) setFailed(true);
    } finally {
      setPercent(null);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(Array.from(event.dataTransfer?.files ?? []));
  };

  const size = file ? sizeParts(file.size) : null;

  return (
    <form className="cw-offers-upload" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        id={ids.input}
        label={t('letter.upload.fileLabel')}
        help={t('letter.upload.fileHint')}
        error={problem ? t(`letter.upload.errors.${problem}`) : undefined}
        announceError
        required
        describedBy={file ? ids.file : undefined}
      >
        {(control) => (
          <>
            <div
              className={cx(
                'cw-offers-dropzone',
                dragging && 'cw-offers-dropzone--active',
                problem && 'cw-offers-dropzone--invalid',
              )}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <UploadIcon />
              <input
                {...control}
                ref={inputRef}
                name={SIGNED_LETTER_FIELD}
                type="file"
                accept={PDF_ACCEPT}
                className="cw-offers-file"
                disabled={uploading}
                onChange={(event) => choose(Array.from(event.currentTarget.files ?? []))}
              />
            </div>
            {file && size && (
              <p id={ids.file} className="cw-offers-upload__file">
                <span>
                  {t('letter.upload.selected', {
                    name: file.name,
                    size: t(`units.${size.unit}`, { value: size.value }),
                  })}
                </span>
                {!uploading && (
                  <Button variant="text" size="small" onClick={remove}>
                    {t('letter.upload.remove')}
                  </Button>
                )}
              </p>
            )}
          </>
        )}
      </Field>

      {uploading && (
        <div className="cw-offers-progress">
          <div
            className="cw-offers-progress__track"
            role="progressbar"
            aria-label={t('letter.upload.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t('letter.upload.uploading', { percent })}
          >
            <span className="cw-offers-progress__bar" style={{ width: `${percent}%` }} />
          </div>
          <span className="cw-offers-progress__text" aria-hidden="true">
            {t('letter.upload.uploading', { percent })}
          </span>
        </div>
      )}

      {failed && <ActionAlert id={ids.failed}>{t('errors.acceptOffer')}</ActionAlert>}

      <Button type="submit" loading={uploading} aria-describedby={failed ? ids.failed : undefined}>
        {t('letter.upload.submit')}
      </Button>
    </form>
  );
}
