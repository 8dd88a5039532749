package dev.sft.e2e.apiserver.front;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throw-away certificate authority and the stand-in's serving certificate, signed by it, for the names in-cluster
 * clients and the test's kubeconfig use (127.0.0.1, localhost, kubernetes.default.svc...). Generated fresh per run,
 * in memory, as PEM (ECDSA P-256: quick to generate, accepted by Go, Java and curl).
 */
public record StandInTls(String caCertificatePem, String serverCertificatePem, String serverKeyPem) {

  public static final List<String> SERVER_DNS_NAMES = List.of("localhost", "kubernetes", "kubernetes.default",
      "kubernetes.default.svc", "kubernetes.default.svc.cluster.local");
  private static final Duration VALIDITY = Duration.ofDays(2);

  public static StandInTls generate(List<InetAddress> serverAddresses) {
    try {
      KeyPair caKeys = newKeyPair();
      Instant now = Instant.now().minus(Duration.ofHours(1));
      X500Name caName = new X500Name("CN=sft-e2e-stand-in-ca");
      X509v3CertificateBuilder ca = new JcaX509v3CertificateBuilder(caName, serial(), Date.from(now),
          Date.from(now.plus(VALIDITY)), caName, caKeys.getPublic());
      JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
      ca.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
      ca.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
      ca.addExtension(Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(caKeys.getPublic()));
      X509Certificate caCert = sign(ca, caKeys.getPrivate());

      KeyPair serverKeys = newKeyPair();
      X509v3CertificateBuilder server = new JcaX509v3CertificateBuilder(caCert, serial(), Date.from(now),
          Date.from(now.plus(VALIDITY)), new X500Name("CN=kube-apiserver"), serverKeys.getPublic());
      server.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
      server.addExtension(Extension.keyUsage, true,
          new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
      server.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
      server.addExtension(Extension.authorityKeyIdentifier, false, extensions.createAuthorityKeyIdentifier(caCert));
      server.addExtension(Extension.subjectAlternativeName, false, subjectAlternativeNames(serverAddresses));
      X509Certificate serverCert = sign(server, caKeys.getPrivate());
      return new StandInTls(pem(caCert), pem(serverCert), pem(new JcaPKCS8Generator(serverKeys.getPrivate(), null)));
    } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
      throw new IllegalStateException("cannot generate the stand-in's CA and serving certificate: " + e, e);
    }
  }

  private static GeneralNames subjectAlternativeNames(List<InetAddress> addresses) {
    GeneralName[] names = new GeneralName[SERVER_DNS_NAMES.size() + addresses.size()];
    int i = 0;
    for (String dns : SERVER_DNS_NAMES) {
      names[i++] = new GeneralName(GeneralName.dNSName, dns);
    }
    for (InetAddress address : addresses) {
      names[i++] = new GeneralName(GeneralName.iPAddress, address.getHostAddress());
    }
    return new GeneralNames(names);
  }

  private static KeyPair newKeyPair() throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    return generator.generateKeyPair();
  }

  private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey key)
      throws OperatorCreationException, GeneralSecurityException {
    ContentSigner signer = new JcaContentSignerBuilder("SHA256withECDSA").build(key);
    return new JcaX509CertificateConverter().getCertificate(builder.build(signer));
  }

  private static BigInteger serial() {
    return new BigInteger(64, new SecureRandom());
  }

  private static String pem(Object object) {
    StringWriter text = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
      writer.writeObject(object);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }
}
