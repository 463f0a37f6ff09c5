import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { CloseIcon, ErrorMessage, IconButton } from '@careers/shared';
import { DEFAULT_FILE_TYPES } from '@careers/shared/forms';
import type { UploadedFile } from '@careers/shared/contract';
import { useFieldState } from '../../renderer/fieldState';
import type { FieldProps } from '../../renderer/types';
import { asList, formatFileSize, ruleNumber, safeHttpUrl, useFieldTexts } from './common';

let uidCounter = 0;

/** A unique id for a chosen file (crypto's UUID where the page has it). */
function fileUid(): string {
  uidCounter += 1;
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}`;
  return `file-${uidCounter}-${random}`;
}

/** Reads a chosen file as base64 (without the data-URL prefix) into an `UploadedFile`. */
function readUploadedFile(file: File): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      const comma = result.indexOf(',');
      if (!result.startsWith('data:') || comma < 0) {
        reject(new Error('unreadable file'));
        return;
      }
      resolve({
        uid: fileUid(),
        name: file.name,
        size: file.size,
        type: file.type,
        lastModified: file.lastModified,
        webkitRelativePath: file.webkitRelativePath ?? '',
        content: result.slice(comma + 1),
        status: 'done',
      });
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onabort = () => reject(new Error('read aborted'));
    reader.readAsDataURL(file);
  });
}

/** The input's `accept`: the item's extensions, else the default types (".pdf,.docx,..."). */
function acceptAttribute(accept: readonly string[] | undefined): string {
  return (accept?.length ? accept : DEFAULT_FILE_TYPES).map((ext) => `.${ext}`).join(',');
}

/** The chosen files: name (a link to its preview when there is one) and size. */
function FileList({
  files,
  language,
  onRemove,
  removeLabel,
}: {
  files: UploadedFile[];
  language: string;
  onRemove?: (file: UploadedFile) => void;
  removeLabel?: (file: UploadedFile) => string;
}) {
  return (
    <ul className="cw-forms-files">
      {files.map((file) => {
        const preview = safeHttpUrl(file.previewUrl);
        return (
          <li key={file.uid} className="cw-forms-files__item">
            {preview ? (
              <a href={preview.href} target="_blank" rel="noopener noreferrer" className="cw-forms-files__name">
                {file.name}
              </a>
            ) : (
              <span className="cw-forms-files__name">{file.name}</span>
            )}
            <span className="cw-forms-files__size">{formatFileSize(file.size, language)}</span>
            {onRemove && removeLabel && (
              <IconButton label={removeLabel(file)} onClick={() => onRemove(file)} className="cw-forms-files__remove">
                <CloseIcon size={18} />
              </IconButton>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * File upload (file_upload, fileUpload; docs/product/forms-toolkit.md#file-upload): the native file input (labelled by
 * the frame), its accepted types from the item (else doc, docx, pdf, txt, png, jpg, jpeg), several files only when the
 * item's maxLength rule is above 1. Chosen files are read as base64 into the value (`UploadedFile[]`, status "done")
 * and listed with their size and a remove button; a file that cannot be read shows "File could not be uploaded".
 * Size and count rules are the rule engine's.
 */
export function FileUploadField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const { t, language, rulesNs } = useFieldTexts();
  const field = useFieldState<UploadedFile[] | undefined>();
  const files = asList<UploadedFile>(field.value);
  const [failed, setFailed] = useState(false);
  const [reading, setReading] = useState(false);
  // The value when a read ends (the files were read asynchronously, the render's `files` may be older).
  const latest = useRef(files);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    latest.current = files;
  });
  const maxFiles = ruleNumber(item, 'maxLength');
  const multiple = maxFiles !== undefined && maxFiles > 1;
  const errorId = `${id}-upload-error`;

  if (mode === 'view') {
    return (
      <div id={id} className="cw-forms-view-value">
        {files.length ? <FileList files={files} language={language} /> : <p>{t('fields.empty')}</p>}
      </div>
    );
  }

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = Array.from(input.files ?? []);
    // Cleared so that choosing the same file again (after removing it) is a change.
    input.value = '';
    if (!chosen.length) return;
    setReading(true);
    const results = await Promise.allSettled(chosen.map(readUploadedFile));
    setReading(false);
    const read = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    setFailed(read.length < results.length);
    if (!read.length) return;
    const next = multiple ? [...latest.current, ...read] : read.slice(0, 1);
    await field.setValue(next, true);
    await field.setTouched(true, false);
  };

  const remove = async (file: UploadedFile) => {
    // The focus goes to the file input (to choose another file) before the pressed button leaves the page: moved
    // after the update, it fell to the page's body for a moment, and in the widget's shadow root the old lookup by
    // id (`document.getElementById`) found nothing at all, so it stayed there.
    inputRef.current?.focus();
    setFailed(false);
    await field.setValue(
      latest.current.filter((f) => f.uid !== file.uid),
      true,
    );
    await field.setTouched(true, false);
  };

  return (
    <div className="cw-forms-upload">
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        className="cw-forms-upload__input"
        accept={acceptAttribute(item.accept)}
        multiple={multiple}
        disabled={item.disabled || item.readonly}
        aria-describedby={[describedBy, failed ? errorId : null].filter(Boolean).join(' ') || undefined}
        aria-invalid={invalid || failed || undefined}
        aria-required={item.required || undefined}
        aria-busy={reading || undefined}
        onChange={(event) => void onChange(event)}
        onBlur={() => field.blur()}
      />
      {failed && (
        <ErrorMessage id={errorId} role="alert">
          {t('texts.uploadFailed', { ns: rulesNs })}
        </ErrorMessage>
      )}
      {files.length > 0 && (
        <FileList
          files={files}
          language={language}
          onRemove={item.disabled || item.readonly ? undefined : (file) => void remove(file)}
          removeLabel={(file) => t('fields.file.remove', { name: file.name })}
        />
      )}
    </div>
  );
}
