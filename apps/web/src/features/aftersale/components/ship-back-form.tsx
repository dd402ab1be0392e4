import type { AfterSaleDetail } from '@shop/domain';
import { type FormEvent, useId, useState } from 'react';
import { notify } from '@/lib/notify';
import { useShipBackAfterSale } from '../api/ship-back-after-sale';

/** The tracking numbers shipBack/ takes (contracts/aftersale.ts logisticCode). */
const LOGISTIC_CODE = /^[A-Za-z0-9-]{4,60}$/;

interface Errors {
  courier?: string;
  code?: string;
}

/**
 * 填写寄回单号: the courier the member sent the goods back with (one the shop lists) and its tracking number, checked
 * as the server checks them; sent to shipBack/, after which the after-sale waits for the warehouse.
 */
export function ShipBackForm({ afterSale }: { afterSale: AfterSaleDetail }) {
  const ids = useId();
  const shipBack = useShipBackAfterSale();
  const [courierCode, setCourierCode] = useState('');
  const [logisticCode, setLogisticCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = logisticCode.trim();
    const found: Errors = {};
    if (courierCode === '') found.courier = '请选择快递公司';
    if (code === '') found.code = '请填写物流单号';
    else if (!LOGISTIC_CODE.test(code)) found.code = '物流单号只能包含字母、数字和 -，4-60 个字符';
    setErrors(found);
    if (found.courier || found.code) return;
    shipBack.mutate(
      { id: afterSale.id, courierCode, logisticCode: code },
      { onSuccess: (message) => notify.success(message) },
    );
  };

  return (
    <form className="aftersale-ship-back" onSubmit={submit} noValidate aria-labelledby={`${ids}-h`}>
      <h3 id={`${ids}-h`} className="aftersale-subtitle">
        填写寄回单号
      </h3>
      {afterSale.couriers.length === 0 && (
        <p className="aftersale-error" role="alert">
          暂无可选的快递公司，请联系客服。
        </p>
      )}
      <div className="aftersale-ship-fields">
        <div className="aftersale-field">
          <label className="aftersale-label" htmlFor={`${ids}-courier`}>
            快递公司
          </label>
          <select
            id={`${ids}-courier`}
            className="aftersale-select"
            value={courierCode}
            onChange={(event) => {
              setCourierCode(event.target.value);
              setErrors((e) => ({ ...e, courier: undefined }));
            }}
            aria-invalid={errors.courier !== undefined}
            aria-describedby={errors.courier ? `${ids}-courier-error` : undefined}
          >
            <option value="">请选择</option>
            {afterSale.couriers.map((courier) => (
              <option key={courier.code} value={courier.code}>
                {courier.name}
              </option>
            ))}
          </select>
          {errors.courier && (
            <span id={`${ids}-courier-error`} className="aftersale-error">
              {errors.courier}
            </span>
          )}
        </div>
        <div className="aftersale-field">
          <label className="aftersale-label" htmlFor={`${ids}-code`}>
            物流单号
          </label>
          <input
            id={`${ids}-code`}
            className="aftersale-input"
            value={logisticCode}
            maxLength={60}
            autoComplete="off"
            inputMode="text"
            onChange={(event) => {
              setLogisticCode(event.target.value);
              setErrors((e) => ({ ...e, code: undefined }));
            }}
            aria-invalid={errors.code !== undefined}
            aria-describedby={errors.code ? `${ids}-code-error` : undefined}
          />
          {errors.code && (
            <span id={`${ids}-code-error`} className="aftersale-error">
              {errors.code}
            </span>
          )}
        </div>
      </div>
      <div className="aftersale-submit">
        <button type="submit" className="btn btn-primary" disabled={shipBack.isPending}>
          {shipBack.isPending ? '提交中…' : '提交寄回单号'}
        </button>
      </div>
    </form>
  );
}
