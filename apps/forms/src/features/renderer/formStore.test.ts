import type { FormValues } from '@careers/shared/contract';
import { createFormStore, type FormHandlers } from './formStore';

/** Handlers for a form whose one rule is that a name is required. */
function handlers(submit: FormHandlers['submit'] = jest.fn(() => Promise.resolve())): FormHandlers {
  return {
    validate: (values: FormValues) => (values.name ? {} : { name: 'Name is required' }),
    submit,
  };
}

describe('the form store', () => {
  it('does not validate while an answer is set, but when a question is touched', async () => {
    const store = createFormStore({ name: '' }, handlers());
    await store.setFieldValue('name', '');
    expect(store.get().errors).toEqual({});
    await store.setFieldTouched('name');
    expect(store.get().errors).toEqual({ name: 'Name is required' });
    expect(store.get().errorOf('name')).toBe('Name is required');
    await store.setFieldValue('name', 'Ada', true);
    expect(store.get().errorOf('name')).toBeNull();
  });

  it('shows an error only once its question is touched or the form submitted', async () => {
    const store = createFormStore({ name: '' }, handlers());
    await store.validate();
    expect(store.get().errorOf('name')).toBeNull();
    await store.submit();
    expect(store.get().errorOf('name')).toBe('Name is required');
    expect(store.get().submitCount).toBe(1);
  });

  it('submits valid answers, every answer touched and isSubmitting held until the submit settles', async () => {
    let settle: () => void = () => undefined;
    const submit = jest.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const store = createFormStore({ name: 'Ada', jobs: [{ title: '' }] }, handlers(submit));
    const submitted = store.submit();
    expect(store.get().isSubmitting).toBe(true);
    expect(store.get().touched).toEqual({ name: true, jobs: [{ title: true }] });
    expect(submit).toHaveBeenCalledWith({ name: 'Ada', jobs: [{ title: '' }] });
    settle();
    await submitted;
    expect(store.get().isSubmitting).toBe(false);
  });

  it('does not submit invalid answers, and a rejected submit rejects with isSubmitting over', async () => {
    const submit = jest.fn(() => Promise.reject(new Error('offline')));
    const store = createFormStore({ name: '' }, handlers(submit));
    await store.submit();
    expect(submit).not.toHaveBeenCalled();
    expect(store.get().isSubmitting).toBe(false);
    await store.setFieldValue('name', 'Ada');
    await expect(store.submit()).rejects.toThrow('offline');
    expect(store.get().isSubmitting).toBe(false);
  });

  it('shows a server error until its answer changes', async () => {
    const store = createFormStore({ email: 'ada@example.com' }, handlers());
    store.setServerErrors({ email: 'This email has an account' });
    expect(store.get().errorOf('email')).toBe('This email has an account');
    await store.setFieldValue('email', 'ada@example.org');
    expect(store.get().errorOf('email')).toBeNull();
  });

  it('a reset returns to the starting answers, nothing touched, no errors; the answers count as unchanged again', async () => {
    const store = createFormStore({ name: '' }, handlers());
    await store.setFieldValue('name', 'Ada');
    expect(store.get().reportErrors).toBe(true);
    await store.setFieldTouched('name');
    store.reset({ name: 'Grace' });
    const state = store.get();
    expect(state).toMatchObject({
      values: { name: 'Grace' },
      initialValues: { name: 'Grace' },
      touched: {},
      errors: {},
    });
    expect(state.reportErrors).toBe(false);
    // An answer put back as it started is no change.
    await store.setFieldValue('name', 'Ada');
    await store.setFieldValue('name', 'Grace');
    expect(store.get().reportErrors).toBe(false);
  });

  it('tells its subscribers of each change, and keeps the errors when a validation finds the same', async () => {
    const store = createFormStore({ name: '' }, handlers());
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    await store.setFieldTouched('name');
    const { errors } = store.get();
    const calls = listener.mock.calls.length;
    await store.validate();
    expect(store.get().errors).toBe(errors);
    expect(listener).toHaveBeenCalledTimes(calls);
    unsubscribe();
    await store.setFieldValue('name', 'Ada');
    expect(listener).toHaveBeenCalledTimes(calls);
  });
});
