import { Outlet } from 'react-router';

/** Spec §2: /supplier sits inside an extra wrapper. */
export function Component() {
  return (
    <div className="supplier-wrapper">
      <div className="supplier-banner">
        <div className="container">
          <strong>供应商专区</strong>
          <span>与澳中批发商城合作，把商品卖给澳洲与中国的批发会员</span>
        </div>
      </div>
      <Outlet />
    </div>
  );
}
