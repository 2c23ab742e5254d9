import { BrowserRouter } from 'react-router-dom'
import { AppRoutes } from './AppRoutes'

export default function RoutedApp() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
