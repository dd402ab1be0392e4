import {
  ADDRESS_COUNTRIES,
  type Address,
  type AddressSaveRequest,
  addressSaveRequestSchema,
  COUNTRY_LABELS,
  type Country,
  type ParsedAddress,
  postCodeProblem,
  type RegionRoot,
} from '@shop/domain';
import { Alert, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useEffect, useRef } from 'react';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { ADDRESS_BOOKS, type AddressBook } from '../address-book';
import { useRegionTree } from '../api/get-region-tree';
import { useSaveAddress } from '../api/save-address';
import { regionPath, regionPostCode, regionStatus, rootOfRegion } from '../region-tree';
import { useRegionStatus } from '../use-region-status';
import { IntelligentFill } from './intelligent-fill';
import { RegionPicker } from './region-picker';

interface AddressFormValues {
  name: string;
  phone: string;
  country: Country;
  /** Picked from the region tree (China, Australia). */
  region: string[];
  /** Typed, for a country the tree has no regions for (spec §3 'Countries'). */
  province: string;
  city: string;
  detail: string;
  postCode: string;
  company: string;
  idCardNo: string;
  defaultFlag: boolean;
  /** A new entry for the company's book (its admins only). */
  shared?: boolean;
}

const DEFAULT_COUNTRY: Country = 'CN';
const shape = addressSaveRequestSchema.shape;

const countryOptions = ADDRESS_COUNTRIES.map((code) => ({ value: code, label: COUNTRY_LABELS[code] }));

function toCountry(code: string): Country {
  return ADDRESS_COUNTRIES.find((c) => c === code) ?? 'OTHER';
}

/** Asks the owner to pick the region again: the one saved is no longer in the region tree. */
export function regionNotice(address: Address | undefined): string {
  const saved = address ? [address.province, address.city, address.district].filter(Boolean).join(' ') : '';
  return `所在地区「${saved}」已不在最新的地区列表中，请重新选择所在地区后保存`;
}

function initialValues(address: Address | undefined, firstAddress: boolean): Partial<AddressFormValues> {
  if (!address) return { country: DEFAULT_COUNTRY, region: [], defaultFlag: firstAddress };
  return {
    name: address.name,
    phone: address.phone,
    country: toCountry(address.country),
    region: [address.province, address.city, address.district].filter((n) => n !== ''),
    province: address.province,
    city: address.city,
    detail: address.detail,
    postCode: address.postCode,
    company: address.company,
    idCardNo: address.idCardNo,
    defaultFlag: address.defaultFlag,
  };
}

interface AddressFormModalProps {
  book: AddressBook;
  /** The address being edited; none for a new one. */
  address: Address | undefined;
  /** The book has no address yet: the new one becomes the default unless unticked. */
  firstAddress: boolean;
  onClose: () => void;
  /** After a successful save (the dialog closes first). */
  onSaved?: (address: Address) => void;
  /** The member is their company's admin: a new address may go to the company's book (issue #38). */
  canShare?: boolean;
}

/**
 * Add or edit an address (fields of the save contract, spec §3 'Sender address / receiver address'): region
 * picked from the country's tree, the postcode filled from the picked city, and for receivers the 智能识别
 * paste-in and the ID number used for customs clearance.
 */
export function AddressFormModal({
  book,
  address,
  firstAddress,
  onClose,
  onSaved,
  canShare = false,
}: AddressFormModalProps) {
  const [form] = Form.useForm<AddressFormValues>();
  const save = useSaveAddress(book);
  const { data: tree } = useRegionTree();
  const country = Form.useWatch('country', form) ?? DEFAULT_COUNTRY;
  const root: RegionRoot | undefined = tree?.find((r) => r.code === country);
  // The postcode last filled in from a picked region (a saved one counts): a later pick replaces it, but
  // a postcode the shopper typed stays.
  const initialRegion = initialValues(address, firstAddress).region ?? [];
  const autoPostCode = useRef<string | undefined>(
    root?.code === 'AU' ? address?.postCode : root ? regionPostCode(root, initialRegion) : undefined,
  );
  const person = ADDRESS_BOOKS[book].person;
  const isReceiver = book === 'receiver';
  const status = useRegionStatus(address);
  const postCode = Form.useWatch('postCode', form) as string | undefined;
  // A place the earlier tree named differently is shown under its name today.
  const renamedPath = status?.kind === 'ok' ? status.path.join('/') : '';
  const savedPath = initialRegion.join('/');
  const renameShown = useRef(false);
  useEffect(() => {
    if (renameShown.current || !renamedPath || renamedPath === savedPath) return;
    renameShown.current = true;
    form.setFieldValue('region', renamedPath.split('/'));
  }, [renamedPath, savedPath, form]);

  const fillPostCode = (code: string | undefined) => {
    const current = form.getFieldValue('postCode') as string | undefined;
    if (code && (!current || current === autoPostCode.current)) {
      form.setFieldValue('postCode', code);
      autoPostCode.current = code;
    }
  };

  const onParsed = (parsed: ParsedAddress) => {
    const parsedRoot = (tree && rootOfRegion(tree, parsed.province)) ?? root;
    const values: Partial<AddressFormValues> = {};
    if (parsed.name) values.name = parsed.name;
    if (parsed.phone) values.phone = parsed.phone;
    if (parsed.detail) values.detail = parsed.detail;
    if (parsedRoot) {
      values.country = parsedRoot.code === 'AU' ? 'AU' : 'CN';
      // An Australian suburb is in its state's file, not the tree: the parser read it from the full list.
      const region =
        parsedRoot.code === 'AU'
          ? [parsed.province, parsed.city].filter((n) => n !== '')
          : regionPath(parsedRoot, [parsed.province, parsed.city, parsed.district]);
      if (region.length > 0) values.region = region;
    }
    form.setFieldsValue(values);
    if (parsed.postCode) {
      form.setFieldValue('postCode', parsed.postCode);
      autoPostCode.current = parsed.postCode;
    } else if (values.region && parsedRoot) {
      // The pasted address replaces the form's, postcode included: the new region's, if the tree has one.
      form.setFieldValue('postCode', '');
      fillPostCode(regionPostCode(parsedRoot, values.region));
    }
  };

  const submit = (values: AddressFormValues) => {
    // A country with a region tree takes the picked regions; any other, the typed state and city.
    const withTree = tree?.some((r) => r.code === values.country) ?? false;
    const [province = '', city = '', district = ''] = withTree
      ? (values.region ?? [])
      : [values.province ?? '', values.city ?? ''];
    const body: AddressSaveRequest = {
      ...(address ? { id: address.id } : {}),
      name: values.name,
      phone: values.phone,
      country: values.country,
      province,
      city,
      district,
      detail: values.detail,
      postCode: values.postCode ?? '',
      company: values.company ?? '',
      ...(isReceiver ? { idCardNo: values.idCardNo ?? '' } : {}),
      defaultFlag: values.defaultFlag ?? false,
      ...(values.shared ? { shared: true, defaultFlag: false } : {}),
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        notify.success('地址已保存');
        onClose();
        onSaved?.(saved);
      },
    });
  };

  return (
    <Modal
      open
      title={address ? `编辑${person}地址` : `新增${person}地址`}
      okText="保存"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      {isReceiver && <IntelligentFill onParsed={onParsed} />}
      {status && (status.kind === 'unknown' || status.kind === 'incomplete') && (
        <Alert type="warning" showIcon className="address-region-notice" title={regionNotice(address)} />
      )}
      <Form<AddressFormValues>
        form={form}
        name={`address-${book}`}
        layout="vertical"
        initialValues={initialValues(address, firstAddress)}
        onFinish={submit}
        onValuesChange={(changed: Partial<AddressFormValues>) => {
          if (changed.country) {
            // Another country's regions and postcodes: the old ones no longer apply.
            form.setFieldsValue({ region: [], province: '', city: '', postCode: '' });
            autoPostCode.current = undefined;
          }
        }}
        className="address-form"
      >
        <div className="address-form-row">
          <Form.Item
            name="name"
            label={`${person}姓名`}
            validateFirst
            rules={[
              { required: true, whitespace: true, message: `请输入${person}姓名` },
              zodRule(shape.name),
            ]}
          >
            <Input maxLength={50} autoComplete="name" />
          </Form.Item>
          <Form.Item name="phone" label="手机号" required rules={[zodRule(shape.phone)]}>
            <Input maxLength={20} inputMode="tel" autoComplete="tel" />
          </Form.Item>
        </div>
        <div className="address-form-row">
          <Form.Item name="country" label="国家/地区" rules={[zodRule(shape.country)]}>
            <Select aria-label="国家" options={countryOptions} />
          </Form.Item>
          {root || !tree ? (
            <Form.Item
              name="region"
              label="所在地区"
              rules={[
                { required: true, type: 'array', min: 1, message: '请选择所在地区' },
                {
                  // Down to the deepest level the tree has there (Australia: a suburb of the state).
                  validator: (_rule, value: string[] | undefined) => {
                    if (!root || !value?.length) return Promise.resolve();
                    const complete =
                      root.code === 'AU'
                        ? value.length >= 2
                        : regionStatus(root, value, undefined).kind === 'ok';
                    return complete
                      ? Promise.resolve()
                      : Promise.reject(new Error(root.code === 'AU' ? '请选择城镇' : '请选择完整的所在地区'));
                  },
                },
              ]}
            >
              <RegionPicker root={root} onPostCode={fillPostCode} postCode={postCode} />
            </Form.Item>
          ) : (
            <Form.Item
              name="province"
              label="州/省/地区"
              validateFirst
              rules={[
                { required: true, whitespace: true, message: '请输入省份/州/地区' },
                zodRule(shape.province),
              ]}
            >
              <Input maxLength={40} autoComplete="address-level1" placeholder="如 Auckland" />
            </Form.Item>
          )}
        </div>
        {tree && !root && (
          <Form.Item name="city" label="城市" rules={[zodRule(shape.city)]}>
            <Input maxLength={40} autoComplete="address-level2" />
          </Form.Item>
        )}
        <Form.Item name="detail" label="详细地址" required rules={[zodRule(shape.detail)]}>
          <Input.TextArea rows={2} maxLength={200} placeholder="街道、门牌号、楼栋单元" />
        </Form.Item>
        <div className="address-form-row">
          <Form.Item
            name="postCode"
            label="邮编"
            dependencies={['country']}
            rules={[
              zodRule(shape.postCode),
              // The country's own form of postcode (the rule the server applies, POSTCODE_RULES).
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) => {
                  const problem = postCodeProblem(getFieldValue('country') as Country, (value ?? '').trim());
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              }),
            ]}
          >
            <Input
              maxLength={8}
              inputMode={country === 'CN' || country === 'AU' ? 'numeric' : 'text'}
              autoComplete="postal-code"
            />
          </Form.Item>
          <Form.Item name="company" label="公司名称" rules={[zodRule(shape.company)]}>
            <Input maxLength={100} autoComplete="organization" />
          </Form.Item>
        </div>
        {isReceiver && (
          <Form.Item
            name="idCardNo"
            label="身份证号"
            extra="跨境包裹清关时使用，可不填"
            rules={[zodRule(shape.idCardNo)]}
          >
            <Input maxLength={18} />
          </Form.Item>
        )}
        {!address?.shared && (
          <Form.Item name="defaultFlag" valuePropName="checked" className="address-form-default">
            <Checkbox>设为默认地址</Checkbox>
          </Form.Item>
        )}
        {canShare && !address && (
          <Form.Item
            name="shared"
            valuePropName="checked"
            className="address-form-default"
            extra="公司全体成员结算时都可选用；只有管理员可以修改"
          >
            <Checkbox>保存为公司共用地址</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
