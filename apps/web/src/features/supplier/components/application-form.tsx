import {
  isCaptchaRefusal,
  SUPPLIER_COUNTRIES,
  SUPPLIER_FIELD_MAX,
  SUPPLIER_PHONE_PATTERN,
  SUPPLIER_WAREHOUSE_COUNTRIES,
  type SupplierApplicationRequest,
  type SupplierLang,
  type SupplierTemplate,
} from '@shop/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { CaptchaImage } from '@/components/captcha-image';
import { toApiError } from '@/lib/api-client';
import { useCaptcha } from '@/lib/captcha';
import { useSubmitApplication } from '../api/submit-application';
import { SUPPLIER_TEXTS, type SupplierTexts } from '../texts';

type TextField = 'company' | 'contact' | 'phone' | 'email' | 'categories' | 'brands' | 'message';
type FieldName = TextField | 'country' | 'warehouseCountries' | 'captchaCode';

interface Values extends Record<TextField, string> {
  country: string;
  warehouseCountries: string[];
  captchaCode: string;
}

const EMPTY: Values = {
  company: '',
  contact: '',
  phone: '',
  email: '',
  country: '',
  categories: '',
  brands: '',
  warehouseCountries: [],
  message: '',
  captchaCode: '',
};

// A first look at the address, so the shopper reads the message in the page's language; the server's check is stricter.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The form's own checks, in the page's language; the server checks the same again. */
export function checkApplication(values: Values, texts: SupplierTexts): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  const f = texts.fields;
  const required: [TextField, string][] = [
    ['company', f.company],
    ['contact', f.contact],
    ['phone', f.phone],
    ['email', f.email],
    ['categories', f.categories],
  ];
  for (const [name, label] of required) if (!values[name].trim()) errors[name] = texts.required(label);
  const limits: [TextField, string, number][] = [
    ['company', f.company, SUPPLIER_FIELD_MAX.company],
    ['contact', f.contact, SUPPLIER_FIELD_MAX.contact],
    ['email', f.email, SUPPLIER_FIELD_MAX.email],
    ['categories', f.categories, SUPPLIER_FIELD_MAX.categories],
    ['brands', f.brands, SUPPLIER_FIELD_MAX.brands],
    ['message', f.message, SUPPLIER_FIELD_MAX.message],
  ];
  for (const [name, label, max] of limits)
    if (!errors[name] && values[name].trim().length > max) errors[name] = texts.tooLong(label, max);
  if (!errors.phone && !SUPPLIER_PHONE_PATTERN.test(values.phone.trim())) errors.phone = texts.badPhone;
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = texts.badEmail;
  if (!values.country) errors.country = texts.required(f.country);
  if (values.warehouseCountries.length === 0) errors.warehouseCountries = texts.chooseWarehouse;
  if (!values.captchaCode.trim()) errors.captchaCode = texts.required(f.captcha);
  return errors;
}

/** 成为供应商 / Become a supplier: the application, in the page's language, with the picture captcha. */
export function ApplicationForm({ block, lang }: { block: SupplierTemplate['apply']; lang: SupplierLang }) {
  const texts = SUPPLIER_TEXTS[lang];
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [confirmation, setConfirmation] = useState<string>();
  const captcha = useCaptcha({ enabled: confirmation === undefined });
  const submit = useSubmitApplication();

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const found = checkApplication(values, texts);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (!captcha.data) return;
    const body: SupplierApplicationRequest = {
      lang,
      company: values.company.trim(),
      contact: values.contact.trim(),
      phone: values.phone.trim(),
      email: values.email.trim(),
      country: values.country as SupplierApplicationRequest['country'],
      categories: values.categories.trim(),
      warehouseCountries: values.warehouseCountries as SupplierApplicationRequest['warehouseCountries'],
      captchaId: captcha.data.captchaId,
      captchaCode: values.captchaCode.trim(),
      ...(values.brands.trim() ? { brands: values.brands.trim() } : {}),
      ...(values.message.trim() ? { message: values.message.trim() } : {}),
    };
    submit.mutate(body, {
      onSuccess: (data) => {
        setConfirmation(data.confirmation);
        setValues(EMPTY);
      },
      onError: (error) => {
        const apiError = toApiError(error);
        if (isCaptchaRefusal(apiError.code)) setErrors({ captchaCode: apiError.message });
        else setRefusal(apiError.message);
        // The answer used the captcha up: a new picture, an empty code.
        setValues((v) => ({ ...v, captchaCode: '' }));
        void captcha.refetch();
      },
    });
  };

  if (confirmation !== undefined) {
    return (
      <section className="supplier-section" id="apply" aria-labelledby="apply-title">
        <div className="supplier-inner supplier-apply">
          <div className="supplier-sent" role="status">
            <h2 id="apply-title">{texts.sentTitle}</h2>
            <p>{confirmation}</p>
            <button type="button" className="btn" onClick={() => setConfirmation(undefined)}>
              {texts.sendAnother}
            </button>
          </div>
        </div>
      </section>
    );
  }

  const f = texts.fields;
  const errorId = (name: FieldName) => `${id}-${name}-error`;
  const fieldProps = (name: FieldName) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? errorId(name) : undefined,
  });
  const error = (name: FieldName) =>
    errors[name] ? (
      <span className="supplier-field-error" id={errorId(name)}>
        {errors[name]}
      </span>
    ) : null;
  const label = (name: FieldName, text: string, required = true) => (
    <label htmlFor={`${id}-${name}`}>
      {text}
      {required && <span className="supplier-required"> *</span>}
    </label>
  );
  const input = (
    name: TextField,
    text: string,
    extra: { required?: boolean; type?: string; hint?: string } = {},
  ) => (
    <div className="supplier-field">
      {label(name, text, extra.required ?? true)}
      <input
        {...fieldProps(name)}
        type={extra.type ?? 'text'}
        value={values[name]}
        placeholder={extra.hint}
        onChange={(e) => set(name, e.target.value)}
        autoComplete={
          { company: 'organization', contact: 'name', phone: 'tel', email: 'email' }[name as string] ?? 'off'
        }
      />
      {error(name)}
    </div>
  );

  return (
    <section className="supplier-section" id="apply" aria-labelledby="apply-title">
      <div className="supplier-inner supplier-apply">
        <div className="supplier-section-head">
          <h2 id="apply-title">{block.title}</h2>
          <p>{block.intro}</p>
        </div>
        <form ref={formRef} className="supplier-form" onSubmit={onSubmit} noValidate lang={texts.htmlLang}>
          {input('company', f.company)}
          {input('contact', f.contact)}
          {input('phone', f.phone, { type: 'tel', hint: '+61 412 345 678' })}
          {input('email', f.email, { type: 'email' })}
          <div className="supplier-field">
            {label('country', f.country)}
            <select
              {...fieldProps('country')}
              value={values.country}
              onChange={(e) => set('country', e.target.value)}
            >
              <option value="">{texts.choose}</option>
              {SUPPLIER_COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {texts.countries[c] ?? c}
                </option>
              ))}
            </select>
            {error('country')}
          </div>
          {input('categories', f.categories, { hint: f.categoriesHint })}
          {input('brands', f.brands, { required: false, hint: f.brandsHint })}
          <fieldset
            className="supplier-field supplier-field-wide supplier-checks"
            aria-invalid={errors.warehouseCountries ? true : undefined}
            aria-describedby={errors.warehouseCountries ? errorId('warehouseCountries') : undefined}
          >
            <legend>
              {f.warehouseCountries}
              <span className="supplier-required"> *</span>
            </legend>
            {SUPPLIER_WAREHOUSE_COUNTRIES.map((c, index) => (
              <label key={c} className="supplier-check">
                <input
                  type="checkbox"
                  name={index === 0 ? 'warehouseCountries' : undefined}
                  value={c}
                  checked={values.warehouseCountries.includes(c)}
                  onChange={(e) =>
                    set(
                      'warehouseCountries',
                      e.target.checked
                        ? SUPPLIER_WAREHOUSE_COUNTRIES.filter(
                            (x) => x === c || values.warehouseCountries.includes(x),
                          )
                        : values.warehouseCountries.filter((x) => x !== c),
                    )
                  }
                />
                {texts.countries[c] ?? c}
              </label>
            ))}
            {error('warehouseCountries')}
          </fieldset>
          <div className="supplier-field supplier-field-wide">
            {label('message', f.message, false)}
            <textarea
              {...fieldProps('message')}
              rows={4}
              value={values.message}
              onChange={(e) => set('message', e.target.value)}
            />
            {error('message')}
          </div>
          <div className="supplier-field supplier-field-wide">
            {label('captchaCode', f.captcha)}
            <div className="supplier-captcha">
              <input
                {...fieldProps('captchaCode')}
                type="text"
                inputMode="text"
                autoComplete="off"
                maxLength={16}
                value={values.captchaCode}
                onChange={(e) => set('captchaCode', e.target.value)}
              />
              <CaptchaImage captcha={captcha} texts={texts.captcha} />
            </div>
            {error('captchaCode')}
          </div>
          {refusal && (
            <p className="supplier-refusal supplier-field-wide" role="alert">
              {refusal}
            </p>
          )}
          <div className="supplier-field-wide">
            <button type="submit" className="btn btn-primary supplier-submit" disabled={submit.isPending}>
              {submit.isPending ? texts.submitting : texts.submit}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
